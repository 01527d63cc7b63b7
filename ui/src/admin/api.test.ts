import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  ApiError,
  apiFetch,
  apiRequest,
  clearToken,
  describeError,
  describeWait,
  getToken,
  onUnauthorized,
  setToken,
  TOKEN_KEY,
  uploadFile,
} from './api';
import { routes, startApiServer, type ApiServer } from './testServer';

let server: ApiServer;

beforeEach(async () => {
  server = await startApiServer(
    routes({
      'GET /api/admin/hero-slides': () => ({ body: [{ id: 1, title: 'One' }] }),
      'POST /api/admin/hero-slides': (request) => ({ status: 201, body: JSON.parse(request.body) }),
      'DELETE /api/admin/hero-slides/1': () => ({ status: 204 }),
      'GET /api/admin/verify': () => ({ status: 401, body: { message: 'Token expired' } }),
      'POST /api/admin/login': () => ({ status: 401, body: { message: 'Invalid credentials' } }),
      'GET /api/plain-error': () => ({ status: 503, body: 'down for maintenance' }),
      'GET /api/empty-error': () => ({ status: 502 }),
      'POST /api/admin/media-files': () => ({ status: 201, body: { fileUrl: '/media/abc.png' } }),
    }),
  );
  localStorage.clear();
});

afterEach(async () => {
  await server.close();
  localStorage.clear();
});

describe('apiFetch', () => {
  it('sends credentials and the bearer token, and no content type without a body', async () => {
    setToken('tok-1');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const slides = await apiRequest<{ id: number }[]>('GET', API.heroSlides);

    expect(slides).toEqual([{ id: 1, title: 'One' }]);
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer tok-1');
    expect(request?.headers['content-type']).toBeUndefined();
  });

  it('sends a JSON body with a JSON content type', async () => {
    setToken('tok-1');
    const created = await apiRequest('POST', API.heroSlides, { title: 'New', order: 2 });

    expect(created).toEqual({ title: 'New', order: 2 });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ title: 'New', order: 2 });
  });

  it('answers null for an empty body', async () => {
    expect(await apiRequest('DELETE', `${API.heroSlides}/1`)).toBeNull();
  });

  it('sends no token without one stored, or when told not to', async () => {
    await apiRequest('GET', API.heroSlides);
    setToken('stale');
    await expect(apiRequest('POST', API.login, { username: 'a', password: 'b' }, { auth: false })).rejects.toThrow();

    expect(server.requests.map((request) => request.headers.authorization)).toEqual([undefined, undefined]);
  });

  it('raises "status: text" errors, with the status text when the body is empty', async () => {
    const plain = await apiFetch('GET', '/api/plain-error').catch((error: unknown) => error);
    expect(plain).toBeInstanceOf(ApiError);
    expect((plain as ApiError).message).toBe('503: down for maintenance');
    expect((plain as ApiError).status).toBe(503);
    expect((plain as ApiError).serverMessage).toBeUndefined();

    const empty = await apiFetch('GET', '/api/empty-error').catch((error: unknown) => error);
    expect((empty as ApiError).message).toBe('502: Bad Gateway');
  });

  it('reads the server message out of a JSON error', async () => {
    const error = await apiFetch('GET', '/api/nothing-here').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('404: {"message":"Not found"}');
    expect((error as ApiError).serverMessage).toBe('Not found');
    expect(describeError(error)).toBe('Not found');
  });

  it('drops a refused token and tells the session guard', async () => {
    setToken('expired');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    await expect(apiFetch('GET', API.verify)).rejects.toThrow('401: {"message":"Token expired"}');
    stop();

    expect(listener).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('does not end a session over a failed login', async () => {
    setToken('current');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    await expect(apiFetch('POST', API.login, { username: 'a', password: 'b' }, { auth: false })).rejects.toThrow();
    stop();

    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('current');
  });

  it('uploads a file as multipart with the field "file"', async () => {
    setToken('tok-1');
    const url = await uploadFile(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));

    expect(url).toBe('/media/abc.png');
    const [request] = server.requests;
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="file"; filename="logo.svg"');
    expect(request?.body).toContain('<svg/>');
  });
});

describe('token storage', () => {
  it('stores, reads and clears adminToken', () => {
    setToken('abc');
    expect(localStorage.getItem('adminToken')).toBe('abc');
    expect(getToken()).toBe('abc');
    clearToken();
    expect(getToken()).toBeNull();
  });
});

describe('describeError', () => {
  it('explains a network failure', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
});

describe('describeWait', () => {
  it('turns Retry-After seconds into words', () => {
    expect(describeWait('1')).toBe('1 second');
    expect(describeWait('45')).toBe('45 seconds');
    expect(describeWait('60')).toBe('1 minute');
    expect(describeWait('61')).toBe('2 minutes');
    expect(describeWait('900')).toBe('15 minutes');
  });

  it('reads an HTTP date, and gives up on nonsense', () => {
    const now = Date.parse('2024-12-15T10:00:00Z');
    expect(describeWait('Sun, 15 Dec 2024 10:05:00 GMT', now)).toBe('5 minutes');
    expect(describeWait('soon', now)).toBeUndefined();
    expect(describeWait(null, now)).toBeUndefined();
    expect(describeWait('0', now)).toBeUndefined();
  });
});
