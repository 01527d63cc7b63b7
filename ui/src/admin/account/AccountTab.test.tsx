import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../api';
import { json, openPanel, signedInApi, startPanelApi, toastText, typeInto } from '../testPanel';
import type { RecordedRequest, Reply } from '../testServer';
import { nameProblems } from './AccountTab';

// Account: the name, the password, and where one is signed in; and a session ended elsewhere
// while a form is open (the sign-in dialog keeps the typing, then the save goes again).
let sessions: { id: number; device: string; address: string; startedAt: string; lastSeenAt: string; current: boolean }[];
let sessionEnded: boolean;

function account(request: RecordedRequest): Reply | undefined {
  const token = request.headers.authorization;
  if (sessionEnded && token === 'Bearer good' && request.method !== 'GET') return { status: 401, body: { message: 'Session ended' } };
  if (request.method === 'POST' && request.path === '/api/admin/login') {
    const { username, password } = json<{ username: string; password: string }>(request);
    if (username !== 'admin' || password !== 'right-password') return { status: 401, body: { message: 'Invalid credentials' } };
    sessionEnded = false;
    return { body: { token: 'fresh', admin: { id: 1, username: 'admin', role: 'owner' }, expiresAt: '2026-01-02T00:00:00Z' } };
  }
  if (request.method === 'GET' && request.path === '/api/admin/sessions') return { body: sessions };
  if (request.method === 'DELETE' && request.path === '/api/admin/sessions/2') {
    sessions = sessions.filter((s) => s.id !== 2);
    return { body: { id: 2, message: 'Signed out' } };
  }
  if (request.method === 'POST' && request.path === '/api/admin/sessions/end-others') {
    const ended = sessions.filter((s) => !s.current).length;
    sessions = sessions.filter((s) => s.current);
    return { body: { ended } };
  }
  if (request.method === 'PATCH' && request.path === '/api/admin/me') {
    const { displayName } = json<{ displayName: string }>(request);
    if (displayName === 'Refused') return { status: 400, body: { message: 'displayName: 1 to 80 characters', field: 'displayName' } };
    return { body: { id: 1, username: 'admin', displayName, role: 'owner' } };
  }
  return undefined;
}

const server = signedInApi(async () => (await startPanelApi(account)).server);

beforeEach(() => {
  sessionEnded = false;
  sessions = [
    { id: 1, device: 'Safari on iPhone', address: '198.51.100.4', startedAt: '2026-01-01T08:00:00Z', lastSeenAt: '2026-01-01T10:00:00Z', current: true },
    { id: 2, device: 'Chrome on Windows', address: '203.0.113.7', startedAt: '2025-12-20T08:00:00Z', lastSeenAt: '2025-12-30T10:00:00Z', current: false },
    { id: 3, device: 'Firefox on Linux', address: '203.0.113.8', startedAt: '2025-12-10T08:00:00Z', lastSeenAt: '2025-12-11T10:00:00Z', current: false },
  ];
});

const writes = (path: string) => server().requests.filter((r) => r.method !== 'GET' && r.path.startsWith(path));

describe('AccountTab', () => {
  it('checks the name', () => {
    expect(nameProblems({ displayName: ' ' })).toHaveProperty(['Name shown']);
    expect(nameProblems({ displayName: 'Anita' })).toEqual({});
  });

  it('lists the sessions, marks this device, signs one out and then all others', async () => {
    await openPanel('/adminpanel?tab=account');
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByTestId('this-device')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(items[1]!.textContent).toContain('Chrome on Windows');
    expect(items[1]!.textContent).toContain('203.0.113.7');

    fireEvent.click(within(items[1]!).getByRole('button', { name: /Sign out Chrome on Windows/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem')).toHaveLength(1));
    expect(toastText()).toContain('Signed out 1 other device');
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
    expect(writes('/api/admin/sessions').map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /api/admin/sessions/2',
      'POST /api/admin/sessions/end-others',
    ]);
  });

  it("saves the display name, and puts the server's refusal at the field", async () => {
    await openPanel('/adminpanel?tab=account');
    const form = await screen.findByRole('form', { name: 'Your name' });
    typeInto('Name shown', 'Refused', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(within(form).getByLabelText('Name shown').getAttribute('aria-invalid')).toBe('true'));
    typeInto('Name shown', 'Anita Rao', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(toastText()).toContain('Name saved'));
    expect(json(writes('/api/admin/me')[1]!)).toEqual({ displayName: 'Anita Rao' });
  });
});

describe('a session ended elsewhere', () => {
  it('asks to sign in over the form, keeps the typing, then saves', async () => {
    await openPanel('/adminpanel?tab=settings');
    const phone = await screen.findByLabelText('Phone');
    typeInto('Phone', '+91 98765 43210');
    sessionEnded = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    // Still the panel, with what was typed.
    expect(screen.queryByRole('heading', { name: 'Login page' })).toBeNull();
    expect((phone as HTMLInputElement).value).toBe('+91 98765 43210');
    typeInto('Password', 'wrong-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await within(dialog).findByText('Invalid credentials');
    typeInto('Password', 'right-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(toastText()).toContain('Settings saved successfully'));
    expect(getToken()).toBe('fresh');
    const saves = writes('/api/admin/company-settings');
    expect(saves.map((r) => r.headers.authorization)).toEqual(['Bearer good', 'Bearer fresh']);
    expect(json<{ settingValue: string }>(saves[1]!).settingValue).toBe('+91 98765 43210');
  });

  it('"Not now" keeps the form as it was; "Go to the sign-in page" leaves', async () => {
    await openPanel('/adminpanel?tab=settings');
    await screen.findByLabelText('Phone');
    typeInto('Phone', '+91 98765 43210');
    sessionEnded = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('+91 98765 43210');
    expect(screen.getByTestId('dirty-state').textContent).toBe('Unsaved changes');

    fireEvent.click(await screen.findByRole('button', { name: 'Save Settings' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to the sign-in page' }));
    await screen.findByRole('heading', { name: 'Login page' });
    expect(getToken()).toBeNull();
  });

});
