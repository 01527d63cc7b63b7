import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routerFuture } from '../app/routes';
import { ACCEPTED_IMAGES } from '../lib/images';
import { resetToasts, Toaster } from '../components/ui/toast';
import { getToken, setToken, type AdminHeroSlide, type CompanySetting, type ContactMessage, type SiteAddress } from './api';
import AdminPanel from './AdminPanel';
import { routes, startApiServer, type ApiServer, type RecordedRequest } from './testServer';

// A small in-memory admin API: enough state to see creates, edits, deletes and settings land.
let slides: AdminHeroSlide[];
let settings: CompanySetting[];
let messages: ContactMessage[];
let nextId: number;
let server: ApiServer;
let siteAddress: SiteAddress;

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

const json = <T,>(request: RecordedRequest) => JSON.parse(request.body) as T;

beforeEach(async () => {
  siteAddress = { origin: null, source: null };
  localStorage.clear();
  nextId = 10;
  slides = [
    { id: 1, title: 'Second', subtitle: '', imageUrl: '/images/hero-2.webp', buttonText: '', buttonLink: '', order: 2, isActive: true },
    { id: 2, title: 'First', subtitle: 'Sub', imageUrl: '/images/hero-1.webp', buttonText: 'Go', buttonLink: '/portfolio', order: 1, isActive: false },
  ];
  settings = [
    { id: 1, settingKey: 'company_phone', settingValue: '+91 40 0000 0000', description: 'Studio phone' },
    { id: 2, settingKey: 'company_address', settingValue: 'Road 1\nHyderabad', description: 'Company address' },
  ];
  messages = [];
  const slideRoute = (request: RecordedRequest) => {
    const id = Number(request.path.split('/').pop());
    const index = slides.findIndex((slide) => slide.id === id);
    if (index < 0) return { status: 404, body: { message: 'No such slide' } };
    if (request.method === 'DELETE') {
      slides.splice(index, 1);
      return { status: 204 };
    }
    slides[index] = { id, ...json<Omit<AdminHeroSlide, 'id'>>(request) };
    return { body: slides[index] };
  };
  const upsert = (request: RecordedRequest) => {
    const input = json<Omit<CompanySetting, 'id'>>(request);
    const existing = settings.find((s) => s.settingKey === input.settingKey);
    const saved = { id: existing?.id ?? nextId++, ...input };
    settings = [...settings.filter((s) => s.settingKey !== input.settingKey), saved];
    return { body: saved };
  };
  const table = routes({
    'GET /api/admin/verify': () => ({ body: { admin: { id: 1, username: 'admin' } } }),
    'GET /api/admin/hero-slides': () => ({ body: slides }),
    'POST /api/admin/hero-slides': (request) => {
      const slide = { id: nextId++, ...json<Omit<AdminHeroSlide, 'id'>>(request) };
      slides.push(slide);
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
    'GET /api/contacts': () => ({ body: messages }),
    'GET /api/admin/company-settings': () => ({ body: settings }),
    'GET /api/admin/site-address': () => ({ body: siteAddress }),
    'POST /api/admin/company-settings': upsert,
    'POST /api/admin/media-files': () => ({ status: 201, body: { fileUrl: '/media/0123abcd.png' } }),
  });
  server = await startApiServer((request) =>
    request.method === 'GET' && request.path.startsWith('/api/contacts?') ? { body: inboxPage(request.path) } : table(request),
  );
  setToken('good');
});

/** The paged answer of GET /api/contacts (docs/admin-api.md), over `messages`. */
function inboxPage(path: string) {
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

afterEach(async () => {
  resetToasts();
  await server.close();
  localStorage.clear();
});

function renderPanel(path = '/adminpanel') {
  render(
    <MemoryRouter initialEntries={[path]} future={routerFuture}>
      <Routes>
        <Route path="/adminpanel" element={<AdminPanel />} />
        <Route path="/admin-login" element={<h1>Login page</h1>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return screen.findByRole('heading', { name: 'Admin Dashboard' });
}

const posts = (path: string) => server.requests.filter((r) => r.method !== 'GET' && r.path.startsWith(path));
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
// @testing-library/preact's fireEvent.change fires an input event (for compat's onChange); a file
// picker's handler listens to the real change event.
function chooseFile(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
const toastText = () => screen.getByRole('region', { name: /Notifications/ }).textContent ?? '';
const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.input(within(scope).getByLabelText(label), { target: { value } });

describe('AdminPanel', () => {
  it("has SPEC's five keyboard-usable tabs then News, Testimonials, Visitors, Pages and Consultations, Overview first with the four counts", async () => {
    await renderPanel();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Hero Slides',
      'Portfolio',
      'Messages',
      'Settings',
      'News',
      'Testimonials',
      'Visitors',
      'Pages',
      'Consultations',
    ]);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1, -1, -1]);

    const panel = screen.getByRole('tabpanel');
    await waitFor(() => {
      expect(within(panel).getAllByText('2')).toHaveLength(3);
      expect(within(panel).getByText('0')).toBeTruthy();
    });

    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Hero Slides' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Hero Slides' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Consultations' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Overview' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Consultations' }).getAttribute('aria-selected')).toBe('true');
  });

  it("says on the Overview why there is no sitemap until the site's address is set", async () => {
    await renderPanel();
    const line = await screen.findByTestId('no-site-address');
    expect(line.textContent).toContain('Settings, Site address');
    expect(line.textContent).toContain('no sitemap');
    expect(line.textContent).toContain('link previews show no image');
    cleanup();
    siteAddress = { origin: 'https://studio.example', source: 'site_url' };
    await renderPanel();
    await waitFor(() => expect(server.requests.filter((r) => r.path === '/api/admin/site-address')).toHaveLength(2));
    expect(screen.queryByTestId('no-site-address')).toBeNull();
  });

  it('opens the slide form from the quick action, checks it, and creates a slide first in the list', async () => {
    await renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Add a hero slide' }));
    const form = await screen.findByRole('form', { name: 'New Slide' });

    fireEvent.click(within(form).getByRole('button', { name: 'Create Slide' }));
    expect(toastText()).toContain('2 fields need attention');
    expect(within(form).getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('button', { name: 'Choose a photo' }).getAttribute('aria-invalid')).toBe('true');
    expect(posts('/api/admin/hero-slides')).toEqual([]);

    type(/^Title/, 'Calm Living', form);
    chooseFile(form.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['png'], 'room.png', { type: 'image/png' }));
    await within(form).findByRole('img', { name: 'Photo, as chosen' });
    type('Position', 'soon', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Create Slide' }));

    await screen.findByRole('heading', { name: 'Calm Living' });
    expect(screen.queryByRole('form', { name: 'New Slide' })).toBeNull();
    expect(toastText()).toContain('Hero slide created successfully');
    expect(json(posts('/api/admin/hero-slides')[0]!)).toEqual({
      title: 'Calm Living',
      subtitle: '',
      imageUrl: '/media/0123abcd.png',
      buttonText: '',
      buttonLink: '',
      order: 0,
      isActive: true,
    });
    // Reloaded after the save: in order, the new one (order 0) first.
    const titles = within(screen.getByRole('list', { name: 'Slides' })).getAllByRole('heading').map((h) => h.textContent);
    expect(titles).toEqual(['Calm Living', 'First', 'Second']);
  });

  it('edits a slide in a pre-filled form, and cancelling resets it', async () => {
    await renderPanel('/adminpanel?tab=slides');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit slide First' }));
    let form = screen.getByRole('form', { name: 'Edit Slide' });
    expect((within(form).getByLabelText('Subtitle') as HTMLInputElement).value).toBe('Sub');
    expect((within(form).getByLabelText(/Active/) as HTMLInputElement).checked).toBe(false);

    type(/^Title/, 'Typed then dropped', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit slide First' }));
    form = screen.getByRole('form', { name: 'Edit Slide' });
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('First');
    type(/^Title/, 'First, renamed', form);
    fireEvent.click(within(form).getByLabelText(/Active/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await screen.findByRole('heading', { name: 'First, renamed' });
    expect(toastText()).toContain('Hero slide updated successfully');
    const [put] = posts('/api/admin/hero-slides/2');
    expect(put?.method).toBe('PUT');
    expect(json<AdminHeroSlide>(put!)).toMatchObject({ title: 'First, renamed', order: 1, isActive: true });
  });

  it('deletes a slide at once and brings it back with Undo', async () => {
    await renderPanel('/adminpanel?tab=slides');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete slide First' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'First' })).toBeNull());
    expect(toastText()).toContain('Hero slide deleted successfully');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('heading', { name: 'First' });
    const recreated = posts('/api/admin/hero-slides').find((r) => r.method === 'POST');
    expect(json(recreated!)).toEqual({
      title: 'First',
      subtitle: 'Sub',
      imageUrl: '/images/hero-1.webp',
      buttonText: 'Go',
      buttonLink: '/portfolio',
      order: 1,
      isActive: false,
    });
  });

  it('chooses a slide photo with the picker, never a typed path', async () => {
    await renderPanel('/adminpanel?tab=slides');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Slide' }));
    const form = screen.getByRole('form', { name: 'New Slide' });
    const picker = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker.accept).toBe(ACCEPTED_IMAGES);
    chooseFile(picker, new File(['png'], 'room.png', { type: 'image/png' }));

    const chosen = await within(form).findByRole('img', { name: 'Photo, as chosen' });
    expect(chosen.getAttribute('src')).toBe('/media/0123abcd.png');
    expect(within(form).queryByLabelText(/Image URL/)).toBeNull();
  });

  it('lists projects with their state, and messages with a mailto link', async () => {
    messages = [
      { id: 1, name: 'Old Client', email: 'old@example.com', message: 'Earlier', createdAt: '2024-12-01T10:00:00Z' },
      { id: 2, name: 'Priya', email: 'priya@example.com', message: 'A new kitchen, please.', createdAt: '2024-12-15T10:00:00Z' },
    ];
    await renderPanel('/adminpanel?tab=portfolio');
    const project = (await screen.findByRole('heading', { name: 'Old Work' })).closest('li')!;
    expect(project.textContent).toContain('Inactive');
    expect(project.textContent).toContain('Retired');

    openTab('Messages');
    const first = (await screen.findAllByRole('article'))[0]!;
    expect(first.textContent).toContain('A new kitchen, please.');
    expect(within(first).getByRole('link', { name: 'priya@example.com' }).getAttribute('href')).toBe('mailto:priya@example.com');
    expect(within(first).getByText((_, el) => el?.tagName === 'TIME').getAttribute('datetime')).toBe('2024-12-15T10:00:00.000Z');
  });

  it('says so when there are no messages', async () => {
    await renderPanel('/adminpanel?tab=messages');
    await screen.findByText('No messages yet');
  });

  it('uploads a logo into the settings form and stores it as company_logo on Save', async () => {
    await renderPanel('/adminpanel?tab=settings');
    chooseFile(await screen.findByLabelText('Upload a logo file'), new File(['png'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByAltText('Company logo').getAttribute('src')).toBe('/media/0123abcd.png'));
    expect(posts('/api/admin/company-settings')).toEqual([]);
    expect(screen.getByTestId('dirty-state').textContent).toBe('Unsaved changes');

    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(toastText()).toContain('Settings saved successfully'));
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/media-files',
      '/api/admin/company-settings',
    ]);
    expect(json(posts('/api/admin/company-settings')[0]!)).toEqual({
      settingKey: 'company_logo',
      settingValue: '/media/0123abcd.png',
      description: 'Company logo URL',
    });
    await waitFor(() => expect(screen.getByTestId('dirty-state').textContent).toBe('No unsaved changes'));
  });

  it('saves the changed settings in one go, keeps their descriptions, and derives one for a new key', async () => {
    await renderPanel('/adminpanel?tab=settings');
    await screen.findByRole('button', { name: 'Save Settings' });
    expect(screen.getByLabelText('Address').tagName).toBe('TEXTAREA');
    type('Phone', '+91 99999 88888');
    type('Office hours', 'Mon–Sat, 10AM–6PM');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(toastText()).toContain('Settings saved successfully'));
    expect(posts('/api/admin/company-settings').map((r) => json(r))).toEqual([
      { settingKey: 'company_phone', settingValue: '+91 99999 88888', description: 'Studio phone' },
      { settingKey: 'company_hours', settingValue: 'Mon–Sat, 10AM–6PM', description: 'Company hours' },
    ]);
    await waitFor(() => expect((screen.getByLabelText('Office hours') as HTMLInputElement).value).toBe('Mon–Sat, 10AM–6PM'));
  });

  it('marks a setting the panel can tell is wrong at its field, and sends nothing', async () => {
    await renderPanel('/adminpanel?tab=settings');
    await screen.findByRole('button', { name: 'Save Settings' });
    type('WhatsApp number', 'call me');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    const field = screen.getByLabelText('WhatsApp number');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain('country code');
    expect(toastText()).toContain('1 field needs attention');
    expect(posts('/api/admin/company-settings')).toEqual([]);
  });

  it('logs out: token gone, login page, toast', async () => {
    await renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Login page' });
    expect(getToken()).toBeNull();
    expect(toastText()).toContain('Logged out');
  });
});
