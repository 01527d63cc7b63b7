// Unit tests only: the whole panel on a memory router, a small in-memory admin API behind it (slides,
// projects, messages and settings: enough state to see creates, edits, deletes and settings land),
// and the little helpers the screens' tests share.
import { fireEvent, render, screen, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { routerFuture } from '../app/routes';
import { afterEach, beforeEach } from 'vitest';
import { resetToasts, Toaster } from '../components/ui/toast';
import { setToken, type AdminHeroSlide, type CompanySetting, type ContactMessage, type SiteAddress } from './api';
import AdminPanel from './AdminPanel';
import { routes, startApiServer, type ApiServer, type RecordedRequest, type Reply } from './testServer';

/**
 * Before each test: a clean localStorage, the API server `start` makes and a stored token; after it:
 * the toasts reset and the server closed. Returns the running test's server.
 */
export function signedInApi(start: () => Promise<ApiServer>): () => ApiServer {
  let server: ApiServer | undefined;
  beforeEach(async () => {
    localStorage.clear();
    server = await start();
    setToken('good');
  });
  afterEach(async () => {
    resetToasts();
    await server?.close();
    localStorage.clear();
  });
  return () => {
    if (!server) throw new Error('the API server starts before each test');
    return server;
  };
}

/** Mounts the panel at `path` (with a stand-in login page and the toasts). */
export function renderPanel(path = '/adminpanel') {
  render(
    <MemoryRouter initialEntries={[path]} future={routerFuture}>
      <Routes>
        <Route path="/adminpanel" element={<AdminPanel />} />
        <Route path="/admin-login" element={<h1>Login page</h1>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
}

/** Mounts the panel at `path` and waits until it has signed in. */
export async function openPanel(path = '/adminpanel') {
  renderPanel(path);
  await screen.findByRole('heading', { name: 'Admin Dashboard' });
}

export const toastText = () => screen.getByRole('region', { name: /Notifications/ }).textContent ?? '';
export const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
export const typeInto = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.input(within(scope).getByLabelText(label), { target: { value } });
/** The requests that change something under `prefix`. */
export const writesTo = (server: ApiServer, prefix: string) => server.requests.filter((r) => r.method !== 'GET' && r.path.startsWith(prefix));
/** The titles of a list's cards, in order. */
export const cardTitles = (list: HTMLElement) => within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
export const json = <T,>(request: RecordedRequest) => JSON.parse(request.body) as T;

// @testing-library/preact's fireEvent.change fires an input event (for compat's onChange); a file
// picker's handler listens to the real change event.
export function chooseFile(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** What the in-memory API holds; a test may replace any of it before it mounts the panel. */
export interface PanelState {
  /** The signed-in account's role in the verify answer (none: an older server's, an Owner). */
  role?: string;
  slides: AdminHeroSlide[];
  settings: CompanySetting[];
  messages: ContactMessage[];
  siteAddress: SiteAddress;
}

const projectFixture = {
  headline: '',
  category: 'Residential',
  year: 2023,
  location: '',
  tags: [],
  intro: '',
  sections: [],
  gallery: [],
  coverUrl: '',
};

/** Starts the in-memory admin API with two slides, two projects, two settings and no message. */
export async function startPanelApi(extra?: (request: RecordedRequest) => Reply | Promise<Reply> | undefined): Promise<{ server: ApiServer; state: PanelState }> {
  let nextId = 10;
  const state: PanelState = {
    siteAddress: { origin: null, source: null },
    slides: [
      { id: 1, title: 'Second', subtitle: '', imageUrl: '/images/hero-2.webp', buttonText: '', buttonLink: '', order: 2, isActive: true },
      { id: 2, title: 'First', subtitle: 'Sub', imageUrl: '/images/hero-1.webp', buttonText: 'Go', buttonLink: '/portfolio', order: 1, isActive: false },
    ],
    settings: [
      { id: 1, settingKey: 'company_phone', settingValue: '+91 40 0000 0000', description: 'Studio phone' },
      { id: 2, settingKey: 'company_address', settingValue: 'Road 1\nHyderabad', description: 'Company address' },
    ],
    messages: [],
  };
  const slideRoute = (request: RecordedRequest) => {
    const id = Number(request.path.split('/').pop());
    const index = state.slides.findIndex((slide) => slide.id === id);
    if (index < 0) return { status: 404, body: { message: 'No such slide' } };
    if (request.method === 'DELETE') {
      state.slides.splice(index, 1);
      return { status: 204 };
    }
    state.slides[index] = { id, ...json<Omit<AdminHeroSlide, 'id'>>(request) };
    return { body: state.slides[index] };
  };
  const upsert = (request: RecordedRequest) => {
    const input = json<Omit<CompanySetting, 'id'>>(request);
    const existing = state.settings.find((s) => s.settingKey === input.settingKey);
    const saved = { id: existing?.id ?? nextId++, ...input };
    state.settings = [...state.settings.filter((s) => s.settingKey !== input.settingKey), saved];
    return { body: saved };
  };
  const table = routes({
    'GET /api/admin/verify': () => ({ body: { admin: { id: 1, username: 'admin', ...(state.role ? { role: state.role } : {}) } } }),
    'GET /api/admin/hero-slides': () => ({ body: state.slides }),
    'POST /api/admin/hero-slides': (request) => {
      const slide = { id: nextId++, ...json<Omit<AdminHeroSlide, 'id'>>(request) };
      state.slides.push(slide);
      return { status: 201, body: slide };
    },
    'PUT /api/admin/hero-slides/1': slideRoute,
    'PUT /api/admin/hero-slides/2': slideRoute,
    'DELETE /api/admin/hero-slides/1': slideRoute,
    'DELETE /api/admin/hero-slides/2': slideRoute,
    'GET /api/admin/portfolio-projects': () => ({
      body: [
        { ...projectFixture, id: 1, slug: 'modern-serenity', title: 'Modern Serenity', description: 'A calm home', isActive: true, order: 0 },
        { ...projectFixture, id: 2, slug: 'old-work', title: 'Old Work', description: 'Retired', isActive: false, order: 1 },
      ],
    }),
    'GET /api/contacts': () => ({ body: state.messages }),
    'GET /api/admin/company-settings': () => ({ body: state.settings }),
    'GET /api/admin/site-address': () => ({ body: state.siteAddress }),
    'POST /api/admin/company-settings': upsert,
    'POST /api/admin/media-files': () => ({ status: 201, body: { fileUrl: '/media/0123abcd.png' } }),
  });
  const server = await startApiServer(
    async (request) =>
      (await extra?.(request)) ??
      (request.method === 'GET' && request.path.startsWith('/api/contacts?') ? { body: inboxPage(state.messages, request.path) } : table(request)),
  );
  return { server, state };
}

/** The paged answer of GET /api/contacts (docs/admin-api.md), over `messages`. */
function inboxPage(messages: ContactMessage[], path: string) {
  const params = new URL(path, 'http://x').searchParams;
  const folderOf = (m: ContactMessage) => m.folder ?? 'inbox';
  const folder = params.get('folder');
  const matching = messages.filter((m) => !folder || folderOf(m) === folder);
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 1000);
  const inbox = messages.filter((m) => folderOf(m) === 'inbox');
  return {
    messages: matching.slice(offset, offset + limit),
    total: matching.length,
    offset,
    limit,
    unread: inbox.filter((m) => m.read === false).length,
    inbox: inbox.length,
    spam: messages.length - inbox.length,
  };
}
