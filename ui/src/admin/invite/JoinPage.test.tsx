import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routerFuture } from '../../app/routes';
import { resetToasts, Toaster } from '../../components/ui/toast';
import AdminLogin from '../AdminLogin';
import { getToken } from '../api';
import { routes, startApiServer, type ApiServer } from '../testServer';
import { inviteTokenOf, joinProblems } from './JoinPage';

let server: ApiServer;
let used: boolean;

beforeEach(async () => {
  localStorage.clear();
  used = false;
  server = await startApiServer(
    routes({
      'GET /api/invites/tok-1': () => (used ? { status: 410, body: { message: 'Used' } } : { body: { displayName: 'Meera Rao', role: 'editor', expiresAt: '2026-01-04T10:00:00Z' } }),
      'GET /api/invites/old': () => ({ status: 410, body: { message: 'This invitation has expired' } }),
      'POST /api/invites/tok-1': (request) => {
        const { username, password } = JSON.parse(request.body) as { username: string; password: string };
        if (username === 'taken') return { status: 400, body: { message: 'username: "taken" is in use', field: 'username' } };
        if (password === 'password1234') return { status: 400, body: { message: 'password: this is a common password; choose another', field: 'password' } };
        used = true;
        return { status: 201, body: { token: 'joined-token', admin: { id: 5, username, role: 'editor' }, expiresAt: '2026-01-02T00:00:00Z' } };
      },
    }),
  );
});

afterEach(async () => {
  resetToasts();
  await server.close();
  localStorage.clear();
});

/** The login page opened from an invitation's link (the panel does the same with its own frame). */
function openInvite(token: string) {
  history.replaceState(null, '', `/admin-login#invite=${token}`);
  render(
    <MemoryRouter initialEntries={['/admin-login']} future={routerFuture}>
      <Routes>
        <Route path="/admin-login" element={<AdminLogin />} />
        <Route path="/adminpanel" element={<h1>The panel</h1>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
}

describe('invite helpers', () => {
  it('reads the token from the fragment and checks the form', () => {
    expect(inviteTokenOf('#invite=abc')).toBe('abc');
    expect(inviteTokenOf('#other')).toBeNull();
    expect(inviteTokenOf('')).toBeNull();
    expect(joinProblems('a b', 'short')).toEqual({
      username: expect.stringContaining('3 to 40'),
      password: expect.stringContaining('at least 12'),
    });
    expect(joinProblems('meera', 'a-long-enough-one')).toEqual({});
  });
});

describe('JoinPage', () => {
  it('says who the person is invited as, and when the link is gone', async () => {
    openInvite('old');
    await screen.findByRole('heading', { name: /^Join / });
    expect((await screen.findByTestId('invite-gone')).textContent).toBe('This invitation has expired or was already used. Ask for a new one.');
    expect(screen.queryByLabelText('User name')).toBeNull();
  });

  it("shows the form's and the server's errors at their fields, then joins and enters the panel", async () => {
    openInvite('tok-1');
    const who = await screen.findByTestId('invite-who');
    expect(who.textContent).toContain('Meera Rao');
    expect(who.textContent).toContain('Editor');
    const form = screen.getByRole('form', { name: 'Join' });
    const user = within(form).getByLabelText('User name') as HTMLInputElement;
    const password = within(form).getByLabelText('Password') as HTMLInputElement;

    fireEvent.input(user, { target: { value: 'meera' } });
    fireEvent.input(password, { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Join and sign in' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain('at least 12 characters');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.input(user, { target: { value: 'taken' } });
    fireEvent.input(password, { target: { value: 'a-long-enough-one' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Join and sign in' }));
    await waitFor(() => expect(user.getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain('"taken" is in use');
    expect(password.getAttribute('aria-invalid')).toBeNull();

    fireEvent.input(user, { target: { value: 'meera' } });
    fireEvent.input(password, { target: { value: 'password1234' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Join and sign in' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain('common password');
    expect(password.value).toBe('password1234');

    fireEvent.input(password, { target: { value: 'tea garden window 42' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Join and sign in' }));
    await screen.findByRole('heading', { name: 'The panel' });
    expect(getToken()).toBe('joined-token');
    // The fragment is gone from the address (and this history entry).
    expect(window.location.hash).toBe('');
    const join = server.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(JSON.parse(join.body)).toEqual({ username: 'meera', password: 'tea garden window 42' });
    expect(join.headers.authorization).toBeUndefined();
  });
});
