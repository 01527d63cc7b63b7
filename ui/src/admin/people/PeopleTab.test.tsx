import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, openPanel, signedInApi, startPanelApi, toastText, typeInto } from '../testPanel';
import type { RecordedRequest, Reply } from '../testServer';
import { inviteBody, inviteProblems, lastSeenWords, whatsappShare, type Account, type Invite } from './people';

// The People screen against a small stand-in for the accounts calls; `reauthNeeded` makes the next
// sensitive call answer 403 {reauth: true} until the password is confirmed.
let accounts: Account[];
let invites: Invite[];
let reauthNeeded: boolean;

function people(request: RecordedRequest): Reply | undefined {
  const sensitive = request.method !== 'GET' && request.path.startsWith('/api/admin/accounts');
  if (sensitive && reauthNeeded) return { status: 403, body: { message: 'Please confirm your password to invite or change people.', reauth: true } };
  if (request.method === 'POST' && request.path === '/api/admin/reauth') {
    if (json<{ password: string }>(request).password !== 'right-password') return { status: 403, body: { message: 'Your password is not correct.' } };
    reauthNeeded = false;
    return { body: { reauthUntil: '2026-01-01T10:15:00Z' } };
  }
  if (request.method === 'GET' && request.path === '/api/admin/accounts') return { body: { accounts, invites } };
  if (request.method === 'POST' && request.path === '/api/admin/accounts') {
    const body = json<{ displayName: string; role: string }>(request);
    if (body.displayName === 'Role') return { status: 403, body: { message: "Editors can't change people. Ask the studio's owner.", role: true } };
    if (body.displayName === 'Taken') return { status: 400, body: { message: 'displayName: at most 80 characters', field: 'displayName' } };
    invites.push({ id: 7, displayName: body.displayName, role: body.role, expiresAt: '2026-01-04T10:00:00Z' });
    return { status: 201, body: { inviteUrl: 'https://studio.example/admin/#invite=tok-123', expiresAt: '2026-01-04T10:00:00Z', mailed: false } };
  }
  if (request.method === 'PATCH' && request.path.startsWith('/api/admin/accounts/')) {
    const username = decodeURIComponent(request.path.split('/').pop() ?? '');
    const body = json<{ role?: string; active?: boolean }>(request);
    const owners = accounts.filter((a) => a.active && a.role === 'owner');
    const account = accounts.find((a) => a.username === username)!;
    if (account.role === 'owner' && owners.length === 1 && (body.role && body.role !== 'owner' || body.active === false)) {
      return { status: 409, body: { message: 'There must always be an active Owner: make another person an Owner first.' } };
    }
    Object.assign(account, body);
    return { body: account };
  }
  if (request.method === 'DELETE' && request.path === '/api/admin/invites/7') {
    invites = invites.filter((i) => i.id !== 7);
    return { body: { id: 7, message: 'Invite withdrawn' } };
  }
  if (request.method === 'GET' && request.path === '/api/admin/sessions?username=meera') {
    return { body: [{ id: 41, device: 'Chrome on Android', address: '203.0.113.9', startedAt: '2026-01-01T09:00:00Z', lastSeenAt: '2026-01-01T09:30:00Z', current: false }] };
  }
  if (request.method === 'DELETE' && request.path === '/api/admin/sessions/41') return { body: { id: 41, message: 'Signed out' } };
  return undefined;
}

const server = signedInApi(async () => (await startPanelApi(people)).server);

beforeEach(() => {
  reauthNeeded = false;
  accounts = [
    { id: 1, username: 'admin', displayName: 'Anita', role: 'owner', active: true, lastSeenAt: '2026-01-01T10:00:00Z' },
    { id: 2, username: 'meera', displayName: 'Meera', role: 'editor', active: true, lastSeenAt: null },
  ];
  invites = [];
});

const writes = (path: string) => server().requests.filter((r) => r.method !== 'GET' && r.path.startsWith(path));

describe('people.ts', () => {
  it('checks the invite and builds its body and the WhatsApp link', () => {
    expect(inviteProblems({ displayName: ' ', role: 'editor', email: '' })).toHaveProperty('Name');
    expect(inviteProblems({ displayName: 'Meera', role: 'editor', email: 'meera@' })).toHaveProperty(['E-mail (optional)']);
    expect(inviteBody({ displayName: ' Meera ', role: 'editor', email: '' })).toEqual({ displayName: 'Meera', role: 'editor' });
    const share = whatsappShare('https://s.example/admin/#invite=a b', 'Studio', 'Meera');
    expect(share.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(share.split('text=')[1]!)).toContain('https://s.example/admin/#invite=a b');
    expect(lastSeenWords(null)).toBe('Never signed in');
  });
});

describe('PeopleTab', () => {
  it('lists accounts with role, state and last seen', async () => {
    await openPanel('/adminpanel?tab=people');
    const list = await screen.findByRole('list', { name: 'Accounts' });
    const meera = within(list).getByText('Meera').closest('li')!;
    expect(meera.textContent).toContain('Editor');
    expect(meera.textContent).toContain('Active');
    expect(meera.textContent).toContain('Never signed in');
    expect(within(list).getByText('Anita').closest('li')!.textContent).toContain('(you)');
  });

  it('invites someone: the one-time link with Copy and Share on WhatsApp', async () => {
    await openPanel('/adminpanel?tab=people');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    typeInto(/^Name/, 'Ravi', form);
    expect(within(form).getByText("The site's content: pages, projects, journal, testimonials and photos")).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: /Enquiries/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Make the invitation link' }));
    const link = await screen.findByTestId('invite-link');
    expect((within(link).getByLabelText('Invitation link') as HTMLInputElement).value).toBe('https://studio.example/admin/#invite=tok-123');
    expect(link.textContent).toContain('works once, for 72 hours');
    expect(within(link).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    const share = within(link).getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href')!;
    expect(share).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(share)).toContain('https://studio.example/admin/#invite=tok-123');
    expect(json(writes('/api/admin/accounts')[0]!)).toEqual({ displayName: 'Ravi', role: 'enquiries' });
    // The open invitation is listed, and can be withdrawn.
    const open = await screen.findByRole('list', { name: 'Open invitations' });
    fireEvent.click(within(open).getByRole('button', { name: 'Withdraw the invitation for Ravi' }));
    fireEvent.click(within(open).getByRole('button', { name: 'Yes, withdraw it' }));
    await screen.findByText('None waiting.');
    expect(writes('/api/admin/invites').map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/admin/invites/7']);
  });

  it("puts the server's refusal of an invite at its field", async () => {
    await openPanel('/adminpanel?tab=people');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    typeInto(/^Name/, 'Taken', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Make the invitation link' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain('at most 80 characters');
  });

  it('shows "There must always be an active Owner" at the Role field', async () => {
    await openPanel('/adminpanel?tab=people');
    fireEvent.click(await screen.findByRole('button', { name: 'Change the role of Anita' }));
    const form = screen.getByRole('form', { name: 'Anita (admin)' });
    expect(within(form).getByTestId('last-owner')).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: /Editor/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByRole('radio', { name: /Editor/ }).getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain('There must always be an active Owner');
    // What was chosen stays chosen.
    expect((within(form).getByRole('radio', { name: /Editor/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('changes a role, and deactivates after a confirmation', async () => {
    await openPanel('/adminpanel?tab=people');
    fireEvent.click(await screen.findByRole('button', { name: 'Change the role of Meera' }));
    const form = screen.getByRole('form', { name: 'Meera (meera)' });
    fireEvent.click(within(form).getByRole('radio', { name: /Owner/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Meera (meera)' })).toBeNull());
    expect(json(writes('/api/admin/accounts/meera')[0]!)).toEqual({ role: 'owner' });

    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Meera' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Deactivate Meera?' });
    expect(confirm.textContent).toContain('signed out at once');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, deactivate' }));
    await screen.findByRole('button', { name: 'Reactivate Meera' });
    expect(json(writes('/api/admin/accounts/meera')[1]!)).toEqual({ active: false });
  });

  it("shows a person's sessions and ends one", async () => {
    await openPanel('/adminpanel?tab=people');
    fireEvent.click(await screen.findByRole('button', { name: 'Sessions of Meera' }));
    const sessions = await screen.findByRole('list', { name: 'Sessions of Meera' });
    expect(sessions.textContent).toContain('Chrome on Android');
    fireEvent.click(within(sessions).getByRole('button', { name: /Sign out Chrome on Android/ }));
    await waitFor(() => expect(writes('/api/admin/sessions').map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/admin/sessions/41']));
  });
});

describe('confirm it is you (a sensitive call answered 403 reauth)', () => {
  it('asks for the password in a dialog, then sends the call again', async () => {
    reauthNeeded = true;
    await openPanel('/adminpanel?tab=people');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    typeInto(/^Name/, 'Ravi', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Make the invitation link' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(dialog.textContent).toContain('Please confirm your password');
    typeInto('Password', 'wrong-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await within(dialog).findByText('Your password is not correct.');
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    typeInto('Password', 'right-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByTestId('invite-link');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Refused once, then sent again once after the password.
    expect(writes('/api/admin/accounts').map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(writes('/api/admin/reauth')).toHaveLength(2);
  });

  it('cancel leaves the form and its typing as they were', async () => {
    reauthNeeded = true;
    await openPanel('/adminpanel?tab=people');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    typeInto(/^Name/, 'Ravi', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Make the invitation link' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ravi');
    await waitFor(() => expect(toastText()).toContain('needs your password again'));
    expect(writes('/api/admin/accounts')).toHaveLength(1);
  });
});

describe('a role refusal', () => {
  it('is shown as an error, never as a sign-in or a password prompt', async () => {
    await openPanel('/adminpanel?tab=people');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    typeInto(/^Name/, 'Role', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Make the invitation link' }));
    await waitFor(() => expect(toastText()).toContain("Editors can't change people"));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Login page' })).toBeNull();
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Role');
  });
});
