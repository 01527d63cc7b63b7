import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routerFuture } from '../../app/routes';
import { resetToasts, Toaster } from '../../components/ui/toast';
import type { Article } from '../../lib/journal';
import AdminPanel from '../AdminPanel';
import { setToken } from '../api';
import { startApiServer, type ApiServer } from '../testServer';
import type { AdminArticle } from './article';

// A small in-memory news API, close to the real one (src/api/news.rs): the list, create, replace
// with versions, delete, a preview link, the studio's time zone, and refusals the test sets.
let news: AdminArticle[];
let nextId: number;
let uploads: number;
let zone: string;
/** The next save's refusal, as the server words it. */
let refuse: string | null;
let server: ApiServer;

const article = (id: number, fields: Partial<Article>): AdminArticle => ({
  id,
  title: `Article ${id}`,
  date: '2026-11-01',
  content: 'Text',
  isActive: true,
  slug: `article-${id}`,
  excerpt: '',
  tags: [],
  status: 'published',
  body: [{ type: 'paragraph', text: 'Text' }],
  ...fields,
});

beforeEach(async () => {
  localStorage.clear();
  nextId = 100;
  uploads = 0;
  zone = 'Asia/Kolkata';
  refuse = null;
  news = [
    article(1, { title: 'Older news', date: '2024-11-20', tags: ['Kitchens'] }),
    article(2, { title: 'Newest news', date: '2024-12-15', tags: ['Kitchens', 'Renovation'] }),
    article(3, { title: 'Still a draft', date: '2024-12-01', status: 'draft' }),
    article(4, { title: 'Coming soon', date: '2099-01-15', status: 'scheduled', publishAt: '2099-01-15T09:30:00+05:30' }),
    article(5, { title: 'Taken down', date: '2024-10-01', isActive: false }),
  ];
  server = await startApiServer((request) => {
    const { method, path } = request;
    if (path === '/api/admin/media-files') return { status: 201, body: { fileUrl: `/media/upload-${++uploads}.jpg` } };
    const body = request.body ? JSON.parse(request.body) : undefined;
    if (path === '/api/admin/verify') return { body: { admin: { id: 1, username: 'admin' } } };
    if (path === '/api/admin/consultation-settings') return { body: { enabled: false, timeZone: zone } };
    if (path === '/api/admin/news-items/2/revisions') {
      return {
        body: [
          { version: 2, savedAt: '2026-11-24T09:00:00Z', savedBy: 'admin', changed: ['title'] },
          { version: 1, savedAt: '2026-11-01T08:00:00Z', savedBy: 'seed', changed: [] },
        ],
      };
    }
    if (path === '/api/admin/news-items/2/revisions/1/restore' && method === 'POST') {
      news = news.map((item) => (item.id === 2 ? { ...item, title: 'Newest news, as first written' } : item));
      return { body: news.find((item) => item.id === 2) };
    }
    const preview = /^\/api\/admin\/news-items\/(\d+)\/preview$/.exec(path);
    if (preview && method === 'POST') return { body: { url: `/news/article-${preview[1]}?preview=signed` } };
    if (path === '/api/admin/news-items' && method === 'GET') return { body: news };
    if (refuse && (method === 'POST' || method === 'PUT')) return { status: 400, body: { message: refuse } };
    if (path === '/api/admin/news-items' && method === 'POST') {
      const item = { ...body, id: nextId++, content: 'derived' } as AdminArticle;
      news = [...news, item];
      return { status: 201, body: item };
    }
    const id = Number(/^\/api\/admin\/news-items\/(\d+)$/.exec(path)?.[1]);
    const current = news.find((item) => item.id === id);
    if (!current) return { status: 404, body: { message: 'Not found' } };
    if (method === 'DELETE') {
      news = news.filter((item) => item.id !== id);
      return { status: 204 };
    }
    if (method === 'PUT') {
      if (body.version !== undefined && current.version !== undefined && body.version !== current.version) {
        return { status: 409, body: { message: `This news item was changed elsewhere (it is now version ${current.version}); nothing was saved.` } };
      }
      const item = { ...body, id, content: 'derived', version: (current.version ?? 1) + 1 } as AdminArticle;
      news = news.map((other) => (other.id === id ? item : other));
      return { body: item };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  setToken('good');
});

afterEach(async () => {
  resetToasts();
  await server.close();
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderNews() {
  render(
    <MemoryRouter initialEntries={['/adminpanel?tab=news']} future={routerFuture}>
      <Routes>
        <Route path="/adminpanel" element={<AdminPanel />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
}

const toastText = () => screen.getByRole('region', { name: /Notifications/ }).textContent ?? '';
const writes = (prefix: string) => server.requests.filter((r) => r.method !== 'GET' && r.path.startsWith(prefix));
const lastSent = () => JSON.parse(writes('/api/admin/news-items').at(-1)!.body);
const type = (scope: HTMLElement, label: string | RegExp, value: string) => fireEvent.input(within(scope).getByLabelText(label), { target: { value } });
const titles = (list: HTMLElement) => within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const blocks = (form: HTMLElement) => within(form).getAllByTestId('block');
const block = (form: HTMLElement, n: number) => within(form).getByRole('group', { name: new RegExp(`^Block ${n}: `) });
const blockNames = (form: HTMLElement) => blocks(form).map((b) => b.getAttribute('aria-label'));

async function openNew() {
  renderNews();
  await screen.findByRole('list', { name: 'News items' });
  fireEvent.click(screen.getByRole('button', { name: 'Add News Item' }));
  return screen.findByRole('form', { name: 'New News Item' });
}

async function openEdit(title: string) {
  renderNews();
  const list = await screen.findByRole('list', { name: 'News items' });
  fireEvent.click(within(list).getByRole('button', { name: `Edit ${title}` }));
  return screen.findByRole('form', { name: 'Edit News Item' });
}

function addBlock(form: HTMLElement, name: string) {
  fireEvent.click(within(form).getByRole('button', { name }));
}

async function upload(scope: HTMLElement) {
  const picker = scope.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(picker, 'files', { value: [new File(['a'], 'a.jpg', { type: 'image/jpeg' })], configurable: true });
  picker.dispatchEvent(new Event('change', { bubbles: true }));
  await waitFor(() => expect(scope.querySelector('img')).toBeTruthy());
}

describe('the News tab lists the journal', () => {
  it('newest first, each with where it stands for visitors', async () => {
    renderNews();
    const list = await screen.findByRole('list', { name: 'News items' });
    expect(titles(list)).toEqual(['Coming soon', 'Newest news', 'Still a draft', 'Older news', 'Taken down']);
    const status = (title: string) => within(within(list).getByRole('heading', { name: title }).closest('li')!).getByTestId('article-status').textContent;
    expect(status('Coming soon')).toBe('Scheduled for 15 Jan 2099, 9:30 am');
    expect(status('Newest news')).toBe('Published');
    expect(status('Still a draft')).toBe('Draft');
    expect(status('Taken down')).toBe('Not on the site');
    expect(list.textContent).toContain('Dec 15, 2024');
    // A draft is previewed; a published article is viewed on the site.
    const draft = within(list).getByRole('heading', { name: 'Still a draft' }).closest('li')!;
    expect(within(draft).getByRole('button', { name: /^Preview/ })).toBeTruthy();
    const live = within(list).getByRole('heading', { name: 'Newest news' }).closest('li')!;
    expect(within(live).getByRole('link', { name: /^View on site/ }).getAttribute('href')).toBe('/news/article-2');
  });

  it("opens a draft's preview from the link the server signs", async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderNews();
    const list = await screen.findByRole('list', { name: 'News items' });
    const draft = within(list).getByRole('heading', { name: 'Still a draft' }).closest('li')!;
    fireEvent.click(within(draft).getByRole('button', { name: /^Preview/ }));
    await waitFor(() => expect(tab.location.href).toBe('/news/article-3?preview=signed'));
    expect(writes('/api/admin/news-items/3/preview')).toHaveLength(1);
  });
});

describe('the article editor', () => {
  it('writes an article: the web address follows the title, blocks are sent in the issue-32 shape', async () => {
    const form = await openNew();
    type(form, /^Title/, 'Vastu-friendly 3BHK layouts in Gachibowli');
    expect((within(form).getByLabelText('Web address') as HTMLInputElement).value).toBe('vastu-friendly-3bhk-layouts-in-gachibowli');
    // A new article starts with one paragraph to write in.
    expect(blockNames(form)).toEqual(['Block 1: Paragraph']);
    type(block(form, 1), 'Paragraph', 'We begin with *light*.');
    addBlock(form, 'Heading');
    // The new block takes the cursor.
    await waitFor(() => expect(document.activeElement).toBe(within(block(form, 2)).getByLabelText(/^Heading/)));
    type(block(form, 2), /^Heading/, 'The brief');
    addBlock(form, 'List');
    fireEvent.click(within(block(form, 3)).getByLabelText('Numbered'));
    type(block(form, 3), /^Items/, 'Light\n\nAir\n');
    addBlock(form, 'Quote');
    type(block(form, 4), 'Quote', 'We love it.');
    type(block(form, 4), 'Who said it (optional)', 'The owners');
    // Tags are suggested from those in use, the most used first.
    const inUse = within(form).getByRole('group', { name: 'Suggested tags' });
    expect(within(inUse).getAllByRole('button').map((b) => b.textContent)).toEqual(['Kitchens', 'Renovation']);
    fireEvent.click(within(inUse).getByRole('button', { name: 'Add tag Kitchens' }));
    expect((within(form).getByLabelText(/^Tags/) as HTMLInputElement).value).toBe('Kitchens');
    // The excerpt defaults to the first paragraph, and says so.
    expect(within(form).getByLabelText('Excerpt').getAttribute('aria-describedby')).toBeTruthy();
    expect(form.textContent).toContain('Left empty, the first paragraph is used: "We begin with *light*."');

    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(toastText()).toContain('News item created successfully'));
    const sent = lastSent();
    expect(sent).toMatchObject({
      title: 'Vastu-friendly 3BHK layouts in Gachibowli',
      slug: 'vastu-friendly-3bhk-layouts-in-gachibowli',
      status: 'published',
      isActive: true,
      tags: ['Kitchens'],
      cover: null,
      body: [
        { type: 'paragraph', text: 'We begin with *light*.' },
        { type: 'heading', level: 2, text: 'The brief' },
        { type: 'list', ordered: true, items: ['Light', 'Air'] },
        { type: 'quote', text: 'We love it.', cite: 'The owners' },
      ],
    });
    expect(sent).not.toHaveProperty('publishAt');
    expect(sent).not.toHaveProperty('content');
  });

  it("wraps the chosen words in emphasis or a link, the page records' markup", async () => {
    const form = await openNew();
    const paragraph = within(block(form, 1)).getByLabelText('Paragraph') as HTMLTextAreaElement;
    type(block(form, 1), 'Paragraph', 'A calm home, see our work.');
    paragraph.setSelectionRange(2, 6);
    fireEvent.click(within(block(form, 1)).getByRole('button', { name: /^Emphasis/ }));
    expect(paragraph.value).toBe('A *calm* home, see our work.');
    paragraph.setSelectionRange(19, 27);
    fireEvent.click(within(block(form, 1)).getByRole('button', { name: /^Link/ }));
    expect(paragraph.value).toBe('A *calm* home, see [our work](https://).');
  });

  it('adds, reorders and removes blocks by keyboard, announcing each move', async () => {
    const form = await openNew();
    type(form, /^Title/, 'Moves');
    type(block(form, 1), 'Paragraph', 'First words');
    addBlock(form, 'Heading');
    type(block(form, 2), /^Heading/, 'A heading');
    addBlock(form, 'Quote');
    type(block(form, 3), 'Quote', 'A quote');
    expect(blockNames(form)).toEqual(['Block 1: Paragraph', 'Block 2: Heading', 'Block 3: Quote']);

    // The heading's handle: the up arrow moves it above the paragraph.
    const handle = within(form).getByRole('button', { name: /^Reorder block 2 \(heading "A heading"\)/ });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(blockNames(form)).toEqual(['Block 1: Heading', 'Block 2: Paragraph', 'Block 3: Quote']);
    expect(within(form).getByTestId('sort-announcement').textContent).toBe('block 2 (heading "A heading") moved to position 1 of 3.');
    // The moved block keeps the focus, on its handle.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Reorder block 1 \(heading/));
    // End: the quote's handle sends it to the top with Home.
    const quoteHandle = within(form).getByRole('button', { name: /^Reorder block 3 \(quote/ });
    fireEvent.keyDown(quoteHandle, { key: 'Home' });
    expect(blockNames(form)).toEqual(['Block 1: Quote', 'Block 2: Heading', 'Block 3: Paragraph']);
    // Move down as a button works from the keyboard too.
    fireEvent.click(within(form).getByRole('button', { name: /^Move block 1 \(quote.* down$/ }));
    expect(blockNames(form)).toEqual(['Block 1: Heading', 'Block 2: Quote', 'Block 3: Paragraph']);

    // Remove the quote: the neighbour takes the focus, the removal is announced.
    fireEvent.click(within(block(form, 2)).getByRole('button', { name: 'Remove block 2 (quote)' }));
    expect(blockNames(form)).toEqual(['Block 1: Heading', 'Block 2: Paragraph']);
    expect(within(form).getByTestId('block-announcement').textContent).toBe('Block 2 (quote) removed.');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove block 2 (paragraph)'));

    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(writes('/api/admin/news-items')).toHaveLength(1));
    expect(lastSent().body).toEqual([
      { type: 'heading', level: 2, text: 'A heading' },
      { type: 'paragraph', text: 'First words' },
    ]);
  });

  it('marks an empty block at its field before saving, and says how many blocks and photos are left', async () => {
    const form = await openNew();
    type(form, /^Title/, 'Empty block');
    addBlock(form, 'Photo');
    expect(form.textContent).toContain('2 of 200 blocks, 1 of 50 photos');
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(toastText()).toContain('2 fields need attention'));
    const paragraph = within(block(form, 1)).getByLabelText('Paragraph');
    expect(paragraph.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(paragraph);
    const choose = within(block(form, 2)).getByRole('button', { name: 'Choose a photo' });
    expect(choose.getAttribute('aria-invalid')).toBe('true');
    expect(writes('/api/admin/news-items')).toHaveLength(0);
  });

  it("puts the server's refusal on the block it names: body[3].alt -> block 4's alt text", async () => {
    const form = await openNew();
    type(form, /^Title/, 'Photos');
    type(block(form, 1), 'Paragraph', 'One');
    addBlock(form, 'Paragraph');
    type(block(form, 2), 'Paragraph', 'Two');
    addBlock(form, 'Before and after');
    await upload(within(block(form, 3)).getByRole('group', { name: 'Before photo' }));
    await upload(within(block(form, 3)).getByRole('group', { name: 'After photo' }));
    type(block(form, 3), /^Alt text of the before photo/, 'The old kitchen');
    type(block(form, 3), /^Alt text of the after photo/, 'The new kitchen');
    addBlock(form, 'Photo');
    await upload(block(form, 4));
    type(block(form, 4), /^Alt text of the photo/, 'x');
    refuse = 'body[3].alt is required: describe the photo';
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    const alt = within(block(form, 4)).getByLabelText(/^Alt text of the photo/);
    await waitFor(() => expect(alt.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(alt);
    expect(document.getElementById(alt.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('body[3].alt is required: describe the photo');
    // No other block is marked.
    expect(form.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);

    // A list's item and a pair's second photo find their fields too.
    refuse = 'body[2].after.url "https://x.example/a.jpg" must be an uploaded photo';
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(within(block(form, 3)).getAllByRole('button', { name: 'Choose another photo' })[1]!.getAttribute('aria-invalid')).toBe('true'));
    expect(lastSent().body[2]).toEqual({
      type: 'beforeAfter',
      before: { url: '/media/upload-1.jpg', alt: 'The old kitchen' },
      after: { url: '/media/upload-2.jpg', alt: 'The new kitchen' },
    });
  });

  it("schedules for a day and time on the studio's clocks, sent with the zone's offset", async () => {
    zone = 'America/New_York';
    const form = await openNew();
    type(form, /^Title/, 'Winter');
    type(block(form, 1), 'Paragraph', 'Snow.');
    fireEvent.click(within(form).getByLabelText(/^Schedule/));
    expect(form.textContent).toContain("Times are the studio's: America/New_York");
    type(form, /^Publish on/, '2099-01-15');
    type(form, /^Publish at/, '09:30');
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(writes('/api/admin/news-items')).toHaveLength(1));
    // January in New York is UTC-5; the article's date follows the day chosen.
    expect(lastSent()).toMatchObject({ status: 'scheduled', publishAt: '2099-01-15T09:30:00-05:00', date: '2099-01-15' });
  });

  it('schedules in summer time with the offset of that day, and refuses a time already past', async () => {
    zone = 'America/New_York';
    const form = await openNew();
    type(form, /^Title/, 'Summer');
    type(block(form, 1), 'Paragraph', 'Sun.');
    fireEvent.click(within(form).getByLabelText(/^Schedule/));
    type(form, /^Publish on/, '2001-07-01');
    type(form, /^Publish at/, '10:00');
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    const at = within(form).getByLabelText(/^Publish at/);
    await waitFor(() => expect(at.getAttribute('aria-invalid')).toBe('true'));
    expect(toastText()).toContain('Choose a time still to come, or Publish now.');
    type(form, /^Publish on/, '2099-07-01');
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(writes('/api/admin/news-items')).toHaveLength(1));
    expect(lastSent().publishAt).toBe('2099-07-01T10:00:00-04:00');
  });

  it("opens a scheduled article at its time on the studio's clocks (Asia/Kolkata)", async () => {
    const form = await openEdit('Coming soon');
    expect((within(form).getByLabelText(/^Schedule/) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText(/^Publish on/) as HTMLInputElement).value).toBe('2099-01-15');
    expect((within(form).getByLabelText(/^Publish at/) as HTMLInputElement).value).toBe('09:30');
    fireEvent.click(within(form).getByLabelText(/^Save as draft/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(writes('/api/admin/news-items/4')).toHaveLength(1));
    expect(lastSent().status).toBe('draft');
    expect(lastSent()).not.toHaveProperty('publishAt');
  });

  it('opens an item of the old shape (only its text) as one paragraph, and saves it as blocks', async () => {
    news = [{ id: 7, date: '2024-12-15', title: 'Old news', content: 'We moved to Jubilee Hills.', isActive: true }];
    const form = await openEdit('Old news');
    expect(blockNames(form)).toEqual(['Block 1: Paragraph']);
    expect((within(block(form, 1)).getByLabelText('Paragraph') as HTMLTextAreaElement).value).toBe('We moved to Jubilee Hills.');
    // Its web address is left to the server (made from the title), not invented here.
    expect((within(form).getByLabelText('Web address') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText(/^Publish now/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastText()).toContain('News item saved successfully'));
    expect(lastSent()).toMatchObject({ title: 'Old news', status: 'published', body: [{ type: 'paragraph', text: 'We moved to Jubilee Hills.' }] });
  });

  it("saves with the version it read; after a clash the owner's typing stays and 'Keep mine' saves it", async () => {
    news = news.map((item) => ({ ...item, version: 4 }));
    const form = await openEdit('Older news');
    news = news.map((item) => (item.id === 1 ? { ...item, title: 'Changed elsewhere', version: 5 } : item));
    type(form, /^Title/, 'Mine');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastText()).toContain('Saved elsewhere while you were editing'));
    const clash = await screen.findByTestId('clash');
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Mine');
    expect(within(clash).getByRole('button', { name: 'Take theirs: Title' })).toBeTruthy();
    fireEvent.click(within(clash).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(toastText()).toContain('News item saved successfully'));
    expect(lastSent()).toMatchObject({ title: 'Mine', version: 5 });
  });

  it("restores an earlier version from its History, after a confirmation", async () => {
    await openEdit('Newest news');
    fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    const versions = await screen.findByRole('list', { name: 'Versions of this news item' });
    expect(versions.textContent).toContain('Original content');
    fireEvent.click(within(versions).getByRole('button', { name: /^Restore the version of 1 Nov/ }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, restore it' }));
    await waitFor(() => expect(toastText()).toContain('Version 1 restored'));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit News Item' })).toBeNull());
    await screen.findByText('Newest news, as first written');
  });

  it('deletes an article at once, and Undo brings it back whole', async () => {
    renderNews();
    const list = await screen.findByRole('list', { name: 'News items' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete Newest news' }));
    await waitFor(() => expect(toastText()).toContain('News item deleted'));
    act(() => within(screen.getByRole('region', { name: /Notifications/ })).getByRole('button', { name: 'Undo' }).click());
    await waitFor(() => expect(toastText()).toContain('News item restored'));
    expect(lastSent()).toMatchObject({ title: 'Newest news', slug: 'article-2', tags: ['Kitchens', 'Renovation'], body: [{ type: 'paragraph', text: 'Text' }] });
  });
});
