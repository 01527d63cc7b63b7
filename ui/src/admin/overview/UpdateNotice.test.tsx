import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdminQueryClient } from '../queryClient';
import { routes, startApiServer, type ApiServer } from '../testServer';
import { UpdateNotice, type ReleaseInfo } from './UpdateNotice';

let server: ApiServer | undefined;

afterEach(async () => {
  cleanup();
  await server?.close();
  server = undefined;
});

async function notice(body: ReleaseInfo) {
  server = await startApiServer(routes({ 'GET /api/admin/release': () => ({ status: 200, body }) }));
  render(
    <QueryClientProvider client={createAdminQueryClient()}>
      <UpdateNotice />
    </QueryClientProvider>,
  );
}

const how = 'Ask whoever looks after the server to run `sudo studio update`.';

describe('the Overview says when a new version is available', () => {
  it('names the version, its notes and how the host updates', async () => {
    await notice({ installed: '0.1.0', available: { version: '0.2.0', date: '2026-12-01', notes: 'Faster pages.' }, howToUpdate: how });
    await waitFor(() => expect(screen.getByTestId('update-notice').textContent).toContain('Version 0.2.0 is available'));
    const text = screen.getByTestId('update-notice').textContent ?? '';
    expect(text).toContain('Faster pages.');
    expect(text).toContain('sudo studio update');
  });

  it('shows nothing when the site is up to date', async () => {
    await notice({ installed: '0.1.0', available: null, howToUpdate: how });
    await waitFor(() => expect(server?.requests.some((r) => r.path === '/api/admin/release')).toBe(true));
    await new Promise((settled) => setTimeout(settled, 50));
    expect(screen.queryByTestId('update-notice')).toBeNull();
  });
});
