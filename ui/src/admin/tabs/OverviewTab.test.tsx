import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdminQueryClient } from '../queryClient';
import { routes, startApiServer, type ApiServer } from '../testServer';
import { OverviewTab } from './OverviewTab';

let server: ApiServer | undefined;

afterEach(async () => {
  cleanup();
  await server?.close();
  server = undefined;
});

async function overview(health: { status: number; body: unknown }) {
  server = await startApiServer(routes({ 'GET /api/health': () => health }));
  render(
    <QueryClientProvider client={createAdminQueryClient()}>
      <OverviewTab onAction={() => {}} />
    </QueryClientProvider>,
  );
}

describe('the Overview and the server health', () => {
  it('shows the reason while the server cannot save', async () => {
    const message = "The server's disk is full: changes can't be saved until space is freed.";
    await overview({ status: 503, body: { status: 'unhealthy', problems: [{ kind: 'writes', message, since_ms: 1 }] } });
    await waitFor(() => expect(screen.getByTestId('health-warning').textContent).toContain(message));
  });

  it('shows nothing when the server is healthy', async () => {
    await overview({ status: 200, body: { status: 'ok' } });
    await waitFor(() => expect(server?.requests.some((r) => r.path === '/api/health')).toBe(true));
    await new Promise((settled) => setTimeout(settled, 50));
    expect(screen.queryByTestId('health-warning')).toBeNull();
  });
});
