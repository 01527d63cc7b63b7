// The panel says at once what the server told it at sign-in (GET /api/admin/verify): mail not set
// up (the Overview, with a line on Messages and Settings), and the printed first password (Settings,
// where Account asks for one's own).
import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { openPanel, openTab, signedInApi } from '../testPanel';
import { routes, startApiServer } from '../testServer';

let verify = { admin: { id: 1, username: 'admin' }, passwordIsGenerated: false, mailConfigured: true };
const settings = [
  { id: 1, settingKey: 'company_address', settingValue: 'Plot 42, Road No. 36, Jubilee Hills, Hyderabad', description: '' },
  { id: 2, settingKey: 'company_map_query', settingValue: 'Road No. 36, Jubilee Hills, Hyderabad', description: '' },
];
const api = signedInApi(() =>
  startApiServer(
    routes({
      'GET /api/admin/verify': () => ({ body: verify }),
      'GET /api/health': () => ({ body: { status: 'ok' } }),
      'GET /api/admin/company-settings': () => ({ body: settings }),
    }),
  ),
);

describe('without mail set up', () => {
  it('the Overview says what is not e-mailed and what to do; Messages and Settings lead to it', async () => {
    verify = { ...verify, mailConfigured: false, passwordIsGenerated: false };
    await openPanel();
    const notice = await screen.findByTestId('no-mail');
    expect(notice.textContent).toContain('New enquiries are not e-mailed to you');
    expect(notice.textContent).toContain('Clients are not told by e-mail');
    expect(notice.textContent).toContain('ask your host');
    openTab('Messages');
    expect((await screen.findByTestId('no-mail-line')).querySelector('a')?.getAttribute('href')).toBe('/adminpanel');
    expect(api().requests.some((r) => r.path === '/api/admin/verify')).toBe(true);
  });

  it('says nothing when mail goes out', async () => {
    verify = { ...verify, mailConfigured: true };
    await openPanel();
    await screen.findByRole('heading', { name: 'Overview' });
    expect(screen.queryByTestId('no-mail')).toBeNull();
  });
});

describe('the printed first password', () => {
  it('opens Account, which asks for the owner\'s own password', async () => {
    verify = { ...verify, mailConfigured: true, passwordIsGenerated: true };
    await openPanel();
    const notice = await screen.findByTestId('printed-password');
    expect(notice.textContent).toContain('printed');
    await waitFor(() => expect(document.activeElement?.getAttribute('autocomplete')).toBe('current-password'));
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toContain('Password');
  });
});
