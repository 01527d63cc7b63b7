import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routerFuture } from '../app/routes';
import { resetToasts, Toaster } from '../components/ui/toast';
import { getToken } from './api';
import AdminLogin from './AdminLogin';
import { routes, startApiServer, type ApiServer } from './testServer';

let server: ApiServer;

beforeEach(async () => {
  localStorage.clear();
  server = await startApiServer(
    routes({
      'POST /api/admin/login': (request) => {
        const { username, password } = JSON.parse(request.body) as { username: string; password: string };
        if (username === 'flood') {
          return { status: 429, headers: { 'Retry-After': '120' }, body: { message: 'Too many attempts' } };
        }
        if (username === 'broken') return { status: 500, body: 'oops' };
        return username === 'admin' && password === 'right'
          ? { body: { token: 'signed-token', admin: { id: 1, username } } }
          : { status: 401, body: { message: 'Invalid credentials' } };
      },
    }),
  );
  render(
    <MemoryRouter initialEntries={['/admin-login']} future={routerFuture}>
      <Routes>
        <Route path="/admin-login" element={<AdminLogin />} />
        <Route path="/adminpanel" element={<h1>Panel</h1>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
});

afterEach(async () => {
  resetToasts();
  await server.close();
  localStorage.clear();
});

function signIn(username: string, password: string) {
  fireEvent.input(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('AdminLogin', () => {
  it("lets the phone's password manager fill both fields, and shows the password on request", () => {
    const username = screen.getByLabelText('Username');
    const password = screen.getByLabelText('Password');
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.getAttribute('type')).toBe('password');
    const show = screen.getByRole('button', { name: 'Show password' });
    fireEvent.click(show);
    expect(password.getAttribute('type')).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(show);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('asks for both fields before calling the server', async () => {
    signIn('admin', '');
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter both username and password.');
    signIn('   ', 'secret');
    expect(screen.getByRole('alert').textContent).toContain('Please enter both username and password.');
    expect(server.requests).toEqual([]);
  });

  it('shows the server message when the credentials are wrong', async () => {
    signIn('admin', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login Failed');
    expect(alert.textContent).toContain('Invalid credentials');
    expect(getToken()).toBeNull();
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ username: 'admin', password: 'wrong' });
  });

  it('says how long to wait after too many attempts', async () => {
    signIn('flood', 'x');
    expect((await screen.findByRole('alert')).textContent).toContain('Please wait 2 minutes');
  });

  it('falls back to the generic message when the server gives none', async () => {
    signIn('broken', 'x');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid credentials. Please try again.');
  });

  it('stores the token, welcomes the owner and opens the panel', async () => {
    signIn('admin', 'right');
    await screen.findByRole('heading', { name: 'Panel' });
    expect(localStorage.getItem('adminToken')).toBe('signed-token');
    expect(screen.getByRole('status').textContent).toContain('Login successful. Welcome to the admin panel.');
  });
});
