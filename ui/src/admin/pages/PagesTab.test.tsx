import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routerFuture } from '../../app/routes';
import { resetToasts, Toaster } from '../../components/ui/toast';
import pages from '../../content/pages.json';
import { setToken, type AdminPage, type RevisionSummary } from '../api';
import AdminPanel from '../AdminPanel';
import { startApiServer, type ApiServer, type RecordedRequest } from '../testServer';

// The Pages tab against a small in-memory page API with the server's 409 rule and history. Each test
// mounts the whole panel, which takes a while on a loaded machine: the waits get longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
type Content = Record<string, unknown>;
let records: Record<string, AdminPage>;
let history: Record<string, (RevisionSummary & { content: Content })[]>;
let server: ApiServer;

const seed = pages as unknown as Record<string, Content>;
const clone = <T,>(value: T): T => structuredClone(value);

function record(key: string, path: string | null, version: number, content: Content): AdminPage {
  return { key, path, version, updatedAt: '2026-11-20T10:00:00Z', content };
}

function saveVersion(key: string, content: Content, by: string) {
  const current = records[key]!;
  const next = record(key, current.path, current.version + 1, content);
  records[key] = next;
  history[key]!.unshift({ version: next.version, savedAt: '2026-11-24T09:30:00Z', savedBy: by, changed: ['hero.title'], content });
  return next;
}

beforeEach(async () => {
  localStorage.clear();
  records = {
    about: record('about', '/about', 2, clone(seed.about!)),
    founder: record('founder', '/anjali-rao', 1, clone(seed.founder!)),
  };
  const older = clone(seed.about!) as { hero: { title: string } };
  older.hero.title = 'An Older Heading';
  history = {
    about: [
      { version: 2, savedAt: '2026-11-20T10:00:00Z', savedBy: 'admin', changed: ['hero.title'], content: clone(seed.about!) },
      { version: 1, savedAt: '2026-11-01T08:00:00Z', savedBy: 'seed', changed: [], content: older },
    ],
    founder: [{ version: 1, savedAt: '2026-11-01T08:00:00Z', savedBy: 'seed', changed: [], content: clone(seed.founder!) }],
  };
  server = await startApiServer((request: RecordedRequest) => {
    const url = request.path;
    if (url === '/api/admin/verify') return { body: { admin: { id: 1, username: 'admin' } } };
    if (url === '/api/admin/pages') {
      return {
        body: Object.values(records).map(({ key, path, version, updatedAt }) => ({
          key,
          path,
          version,
          updatedAt,
          title: key === 'about' ? 'About Us' : 'Founder',
        })),
      };
    }
    const match = /^\/api\/admin\/pages\/([a-z-]+)(?:\/revisions(?:\/(\d+)(\/restore)?)?)?$/.exec(url);
    const key = match?.[1];
    if (!match || !key || !records[key]) return { status: 404, body: { message: 'No such page' } };
    const [, , version, restore] = match;
    if (url.endsWith('/revisions')) return { body: history[key]!.map(({ content: _, ...summary }) => summary) };
    if (version) {
      const kept = history[key]!.find((r) => r.version === Number(version));
      if (!kept) return { status: 404, body: { message: 'No kept version has that number' } };
      if (restore && request.method === 'POST') return { body: saveVersion(key, clone(kept.content), 'admin') };
      return { body: kept };
    }
    if (request.method === 'PUT') {
      const body = JSON.parse(request.body) as { version: number; content: Content };
      const current = records[key]!;
      if (body.version !== current.version) {
        return {
          status: 409,
          body: { message: `This page was changed elsewhere (it is now version ${current.version}); nothing was saved. Reload it and make your change again.` },
        };
      }
      return { body: saveVersion(key, body.content, 'admin') };
    }
    return { body: records[key] };
  });
  setToken('good');
});

afterEach(async () => {
  resetToasts();
  await server.close();
  localStorage.clear();
});

async function openPage(title: string) {
  render(
    <MemoryRouter initialEntries={['/adminpanel?tab=pages']} future={routerFuture}>
      <Routes>
        <Route path="/adminpanel" element={<AdminPanel />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  const list = await screen.findByRole('list', { name: 'Pages' });
  expect(within(list).getByText(/\/about/)).toBeTruthy();
  fireEvent.click(within(list).getByRole('button', { name: `Edit ${title}` }));
  return screen.findByRole('form', { name: title });
}

const puts = () => server.requests.filter((r) => r.method === 'PUT');
const toastText = () => screen.getByRole('region', { name: /Notifications/ }).textContent ?? '';
const hero = (form: HTMLElement) => within(form).getByRole('group', { name: 'Hero' });

describe('the Pages tab', () => {
  it('lists the pages, edits one drawn from the schema and saves it with the version it read', async () => {
    const form = await openPage('About Us');
    expect(screen.getByRole('link', { name: /View on site/ }).getAttribute('href')).toBe('/about');
    const heading = within(hero(form)).getByLabelText('Heading');
    expect((heading as HTMLInputElement).value).toBe('A Studio Built on Craft, Light and Listening');
    fireEvent.input(heading, { target: { value: 'Rooms for Real Lives' } });
    // A counter per text field, and the SEO advice.
    expect(within(hero(form)).getByText('20 / 120 characters')).toBeTruthy();
    expect(within(form).getByText(/recommended 50–60/)).toBeTruthy();
    expect(within(form).getByText('Search result preview')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Save Page' }));
    await waitFor(() => expect(toastText()).toContain('Page saved successfully'));
    const sent = JSON.parse(puts()[0]!.body) as { version: number; content: { hero: { title: string } } };
    expect(sent.version).toBe(2);
    expect(sent.content.hero.title).toBe('Rooms for Real Lives');
    expect(records.about!.version).toBe(3);
  });

  it('asks before leaving unsaved changes, for the list and for another tab', async () => {
    const form = await openPage('About Us');
    const ask = vi.fn(() => false);
    vi.stubGlobal('confirm', ask);
    fireEvent.input(within(hero(form)).getByLabelText('Heading'), { target: { value: 'Unsaved' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'All pages' }));
    // By keyboard too: a refused move leaves the focus where it was, not on a tab not selected.
    const pagesTab = screen.getByRole('tab', { name: 'Pages' });
    pagesTab.focus();
    fireEvent.keyDown(pagesTab, { key: 'ArrowLeft' });
    expect(ask).toHaveBeenCalledTimes(3);
    expect(document.activeElement).toBe(pagesTab);
    expect(pagesTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('form', { name: 'About Us' })).toBeTruthy();
    ask.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'All pages' }));
    await screen.findByRole('list', { name: 'Pages' });
    vi.unstubAllGlobals();
  });

  it('names a broken field before sending anything', async () => {
    const form = await openPage('About Us');
    const heading = within(hero(form)).getByLabelText('Heading');
    fireEvent.input(heading, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Page' }));
    await waitFor(() => expect(heading.getAttribute('aria-invalid')).toBe('true'));
    // The message under the field, tied to it; the cursor there; the toast counts what needs attention.
    const message = document.getElementById(heading.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(message?.textContent).toBe('This is required.');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(toastText()).toContain('1 field needs attention');
    expect(toastText()).not.toContain('hero.title');
    expect(puts()).toHaveLength(0);
  });

  it("keeps the owner's typing when the page changed elsewhere (409), and 'Keep mine' saves it as a new version", async () => {
    const form = await openPage('About Us');
    // Another tab saves first.
    const elsewhere = clone(seed.about!) as { hero: { title: string } };
    elsewhere.hero.title = 'Saved in Another Tab';
    saveVersion('about', elsewhere, 'admin');
    fireEvent.input(within(hero(form)).getByLabelText('Heading'), { target: { value: 'Mine' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Page' }));
    const clash = await screen.findByTestId('clash');
    expect(toastText()).toContain('Saved elsewhere while you were editing');
    expect(records.about!.content).toEqual(elsewhere);
    // Mine stays in the form; theirs is named by the editor's labels.
    expect((within(hero(form)).getByLabelText('Heading') as HTMLInputElement).value).toBe('Mine');
    expect(clash.textContent).toContain('Saved in Another Tab');
    const take = within(clash).getByRole('button', { name: /^Take theirs: / });
    expect(take.getAttribute('aria-label')).not.toContain('hero.title');

    fireEvent.click(within(clash).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(toastText()).toContain('Page saved successfully'));
    expect(JSON.parse(puts().at(-1)!.body)).toMatchObject({ version: 3, content: { hero: { title: 'Mine' } } });
    expect(records.about!.version).toBe(4);
  });

  it('shows the history and restores an earlier version after a confirmation', async () => {
    await openPage('About Us');
    fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    const versions = await screen.findByRole('list', { name: 'Versions of this page' });
    expect(within(versions).getAllByRole('listitem')).toHaveLength(2);
    expect(versions.textContent).toContain('Original content');
    expect(versions.textContent).not.toContain('hero.title');
    expect(versions.textContent).toMatch(/Changed: [^;]*Heading/);

    const older = within(versions).getAllByRole('button', { name: /^Compare the version of/ }).at(-1)!;
    fireEvent.click(older);
    const shown = await screen.findByRole('region', { name: 'This version compared with now' });
    // The words this version had and the ones it has now, marked; unchanged fields folded away.
    const marked = (tag: string) => [...shown.querySelectorAll(tag)].map((mark) => mark.textContent).join(' ');
    expect(marked('del')).toContain('Older');
    expect(marked('ins')).toContain('Studio');
    expect(shown.textContent).toMatch(/\d+ unchanged fields/);

    fireEvent.click(within(versions).getByRole('button', { name: /^Restore the version of/ }));
    const question = screen.getByRole('alertdialog', { name: 'Restore this version?' });
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, restore it' }));
    await waitFor(() => expect(toastText()).toContain('Version 1 restored'));
    expect(records.about!.version).toBe(3);
    await waitFor(() => {
      const form = screen.getByRole('form', { name: 'About Us' });
      expect((within(hero(form)).getByLabelText('Heading') as HTMLInputElement).value).toBe('An Older Heading');
    });
  });

  it("offers the founder's new address with the new name", async () => {
    const form = await openPage('Founder');
    fireEvent.input(within(form).getByLabelText('Name'), { target: { value: 'Meera Iyer' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Also change the address to /meera-iyer' }));
    expect((within(form).getByLabelText('Address') as HTMLInputElement).value).toBe('meera-iyer');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Page' }));
    await waitFor(() => expect(toastText()).toContain('Page saved successfully'));
    expect(JSON.parse(puts()[0]!.body).content).toMatchObject({ name: 'Meera Iyer', slug: 'meera-iyer' });
  });
});
