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

  it('says how many e-mails a full mail queue dropped, and where the enquiries are', async () => {
    await overview({ status: 200, body: { status: 'ok', mailDropped: 12 } });
    await waitFor(() => expect(screen.getByTestId('mail-dropped').textContent).toContain('12 e-mails could not be sent'));
    expect(screen.getByTestId('mail-dropped').textContent).toContain('all in the panel');
    expect(screen.queryByTestId('health-warning')).toBeNull();
  });

  it('shows nothing when the server is healthy', async () => {
    await overview({ status: 200, body: { status: 'ok' } });
    await waitFor(() => expect(server?.requests.some((r) => r.path === '/api/health')).toBe(true));
    await new Promise((settled) => setTimeout(settled, 50));
    expect(screen.queryByTestId('health-warning')).toBeNull();
    expect(screen.queryByTestId('mail-dropped')).toBeNull();
  });
});

describe('the Overview and the coming consultations', () => {
  const iso = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;
  // An hour long, its end from the clock (a start at 23:xx ends the next day, never at 'T24').
  const consultation = (id: number, start: Date, status: string, name: string) => ({
    id, start: iso(start), end: iso(new Date(start.getTime() + 3600 * 1000)), status, name,
    email: '', phone: '98480 12345', message: '', leadId: null,
  });

  it('lists the booked and confirmed ones still ahead, earliest first, with a call link', async () => {
    const soon = new Date(Date.now() + 2 * 3600 * 1000);
    const later = new Date(Date.now() + 50 * 3600 * 1000);
    server = await startApiServer(
      routes({
        'GET /api/health': () => ({ status: 200, body: { status: 'ok' } }),
        'GET /api/admin/consultations': () => ({
          status: 200,
          body: [
            consultation(3, later, 'confirmed', 'Ravi Kumar'),
            consultation(1, soon, 'booked', 'Asha Reddy'),
            consultation(2, soon, 'cancelled', 'Cancelled One'),
            consultation(4, soon, 'blocked', ''),
          ],
        }),
      }),
    );
    render(
      <QueryClientProvider client={createAdminQueryClient()}>
        <OverviewTab onAction={() => {}} />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Coming consultations' });
    const items = [...list.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('Asha Reddy');
    expect(items[0]).toContain('not confirmed yet');
    expect(items[1]).toContain('Ravi Kumar');
    expect(list.querySelector('a')?.getAttribute('href')).toBe('tel:9848012345');
  });
});
