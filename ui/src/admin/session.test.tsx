import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { routerFuture } from '../app/routes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts, Toaster } from '../components/ui/toast';
import { API, getToken, setToken } from './api';
import { createAdminQueryClient } from './queryClient';
import { SessionGuard } from './session';
import { routes, startApiServer, type ApiServer } from './testServer';

let server: ApiServer;
let slidesStatus: number;

beforeEach(async () => {
  localStorage.clear();
  slidesStatus = 200;
  server = await startApiServer(
    routes({
      'GET /api/admin/verify': (request) =>
        request.headers.authorization === 'Bearer good'
          ? { body: { admin: { id: 1, username: 'admin' } } }
          : { status: 401, body: { message: 'Invalid or expired token' } },
      'GET /api/admin/hero-slides': () =>
        slidesStatus === 200 ? { body: [] } : { status: slidesStatus, body: { message: 'Token revoked' } },
    }),
  );
});

afterEach(async () => {
  resetToasts();
  await server.close();
  localStorage.clear();
});

function SlidesCount() {
  const slides = useQuery<unknown[]>({ queryKey: [API.heroSlides] });
  return <p>{slides.isSuccess ? `${slides.data.length} slides` : 'loading slides'}</p>;
}

function renderGuarded() {
  return render(
    <QueryClientProvider client={createAdminQueryClient()}>
      <MemoryRouter initialEntries={['/adminpanel']} future={routerFuture}>
        <Routes>
          <Route
            path="/adminpanel"
            element={
              <SessionGuard>
                <h1>Dashboard</h1>
                <SlidesCount />
              </SessionGuard>
            }
          />
          <Route path="/admin-login" element={<h1>Login page</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('SessionGuard', () => {
  it('sends a visitor without a token to the login page, asking the server nothing', async () => {
    renderGuarded();
    await screen.findByRole('heading', { name: 'Login page' });
    expect(server.requests).toEqual([]);
  });

  it('shows a spinner until the token is verified, then the panel', async () => {
    setToken('good');
    renderGuarded();
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();

    await screen.findByRole('heading', { name: 'Dashboard' });
    await screen.findByText('0 slides');
    expect(server.requests[0]?.path).toBe(API.verify);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer good');
  });

  it('removes a token that fails verification and goes to login', async () => {
    setToken('forged');
    renderGuarded();
    await screen.findByRole('heading', { name: 'Login page' });
    expect(getToken()).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Session expired');
  });

  it('ends the session when a later call is refused', async () => {
    setToken('good');
    slidesStatus = 401;
    renderGuarded();
    await screen.findByRole('heading', { name: 'Login page' });
    expect(getToken()).toBeNull();
    expect(server.requests.map((request) => request.path)).toEqual([API.verify, API.heroSlides]);
  });

  it('keeps the session over other failures of later calls', async () => {
    setToken('good');
    slidesStatus = 500;
    renderGuarded();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(server.requests).toHaveLength(2));
    expect(getToken()).toBe('good');
    expect(screen.getByText('loading slides')).toBeTruthy();
  });
});
