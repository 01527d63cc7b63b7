import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { AdminProject } from '../api';
import { cardTitles as titles, renderPanel, signedInApi, toastText, typeInto, writesTo } from '../testPanel';
import { collection, startApiServer } from '../testServer';

// A small in-memory project API, close to the real one: lists, create, replace, delete, reorder.
let projects: AdminProject[];
let nextId: number;
let uploads: number;

const project = (id: number, title: string, order: number, isActive = true): AdminProject => ({
  id,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  headline: '',
  category: 'Residential',
  year: 2023,
  location: 'Hyderabad',
  tags: [],
  description: `${title} description`,
  intro: '',
  sections: [],
  gallery: [],
  coverUrl: `/media/${id}.jpg`,
  isActive,
  order,
});

const server = signedInApi(async () => {
  nextId = 100;
  uploads = 0;
  projects = [project(1, 'Modern Serenity', 0), project(2, 'Elegant Harmony', 1), project(3, 'Old Work', 2, false)];
  const handler = collection('/api/admin/portfolio-projects', () => projects, (list) => (projects = list), () => nextId++);
  return startApiServer((request) => {
    if (request.path === '/api/admin/verify') return { body: { admin: { id: 1, username: 'admin' } } };
    if (request.path === '/api/admin/media-files') return { status: 201, body: { fileUrl: `/media/upload-${++uploads}.jpg` } };
    return handler(request) ?? { body: [] };
  });
});

const writes = (prefix: string) => writesTo(server(), prefix);
const type = (scope: HTMLElement, label: string | RegExp, value: string) => typeInto(label, value, scope);

describe('Portfolio editor', () => {
  it('lists every project with category, state and cover, and reorders by keyboard with an announcement', async () => {
    renderPanel('/adminpanel?tab=portfolio');
    const list = await screen.findByRole('list', { name: 'Projects' });
    expect(titles(list)).toEqual(['Modern Serenity', 'Elegant Harmony', 'Old Work']);
    const old = within(list).getByRole('heading', { name: 'Old Work' }).closest('li')!;
    expect(old.textContent).toContain('Inactive');
    expect(old.textContent).toContain('Residential');
    expect(within(old).getByRole('img', { name: 'Cover of Old Work' }).getAttribute('src')).toBe('/media/3.jpg');
    expect(within(old).getByRole('button', { name: /^Preview/ })).toBeTruthy();
    const published = within(list).getByRole('heading', { name: 'Modern Serenity' }).closest('li')!;
    expect(within(published).getByRole('link', { name: /^View on site/ }).getAttribute('href')).toBe('/portfolio/modern-serenity');

    const handle = screen.getByRole('button', { name: /^Reorder Modern Serenity/ });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    await waitFor(() => expect(titles(list)).toEqual(['Elegant Harmony', 'Modern Serenity', 'Old Work']));
    expect(screen.getByTestId('sort-announcement').textContent).toBe('Modern Serenity moved to position 2 of 3.');
    await waitFor(() => expect(writes('/api/admin/portfolio-projects/order')).toHaveLength(1));
    expect(JSON.parse(writes('/api/admin/portfolio-projects/order')[0]!.body)).toEqual({ ids: [2, 1, 3] });
    // Focus stays on the moved item's handle, so the owner can keep moving it.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Reorder Modern Serenity/));

    fireEvent.click(screen.getByRole('button', { name: 'Move Old Work up' }));
    await waitFor(() => expect(writes('/api/admin/portfolio-projects/order')).toHaveLength(2));
    expect(JSON.parse(writes('/api/admin/portfolio-projects/order')[1]!.body)).toEqual({ ids: [2, 3, 1] });
    await waitFor(() => expect(projects.map((p) => p.id)).toEqual([2, 3, 1]));
  });

  it('creates a project with sections, points and a gallery uploaded several at once', async () => {
    renderPanel('/adminpanel?tab=portfolio');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Project' }));
    const form = screen.getByRole('form', { name: 'New Project' });
    type(form, /^Title/, 'Lake House');
    const category = within(form).getByLabelText('Category') as HTMLSelectElement;
    category.value = 'Hospitality';
    category.dispatchEvent(new Event('change', { bubbles: true }));
    type(form, 'Tags', 'Lake, Timber');

    fireEvent.click(within(form).getByRole('button', { name: 'Add section' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add section' }));
    type(form, 'Section 1 title', 'Living');
    type(form, 'Section 2 title', 'Deck');
    type(form, 'Point 1 of section 1', 'Open plan');
    fireEvent.click(within(form).getByRole('button', { name: 'Add point to section 1' }));
    type(form, 'Point 2 of section 1', 'Fireplace');
    fireEvent.click(within(form).getByRole('button', { name: 'Move point 2 of section 1 up' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Move section 2 up' }));
    // Deck is section 1 now: its one empty point goes.
    fireEvent.click(within(form).getByRole('button', { name: 'Remove point 1 of section 1' }));

    const pickers = form.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const gallery = [...pickers].find((input) => input.multiple)!;
    Object.defineProperty(gallery, 'files', {
      value: [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.jpg', { type: 'image/jpeg' })],
      configurable: true,
    });
    gallery.dispatchEvent(new Event('change', { bubbles: true }));
    await within(form).findByLabelText('Alt text of image 2');
    type(form, 'Alt text of image 1', 'Lake view');
    type(form, 'Alt text of image 2', 'Timber deck');
    fireEvent.click(within(form).getByRole('button', { name: 'Move image 2 up' }));

    fireEvent.click(within(form).getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(toastText()).toContain('Project created successfully'));
    const created = JSON.parse(writes('/api/admin/portfolio-projects').find((r) => r.method === 'POST')!.body);
    expect(created).toMatchObject({
      title: 'Lake House',
      slug: '',
      category: 'Hospitality',
      tags: ['Lake', 'Timber'],
      isActive: false,
      // New work goes first.
      order: -1,
      sections: [
        { title: 'Deck', bullets: [] },
        { title: 'Living', bullets: ['Fireplace', 'Open plan'] },
      ],
      gallery: [
        { imageUrl: '/media/upload-2.jpg', alt: 'Timber deck' },
        { imageUrl: '/media/upload-1.jpg', alt: 'Lake view' },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Lake House' })).toBeTruthy();
  });

  it('will not publish a picture without alt text, and names the field', async () => {
    renderPanel('/adminpanel?tab=portfolio');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Modern Serenity' }));
    const form = screen.getByRole('form', { name: 'Edit Project' });
    const gallery = [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')].find((input) => input.multiple)!;
    Object.defineProperty(gallery, 'files', { value: [new File(['a'], 'a.jpg', { type: 'image/jpeg' })], configurable: true });
    gallery.dispatchEvent(new Event('change', { bubbles: true }));
    const alt = await within(form).findByLabelText('Alt text of image 1');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastText()).toContain('1 field needs attention'));
    // Marked beside the field, with the message tied to it, and the cursor put there.
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(alt.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(message?.textContent).toContain('Say what this picture shows');
    await waitFor(() => expect(document.activeElement).toBe(alt));
    expect(writes('/api/admin/portfolio-projects/1')).toHaveLength(0);

    type(form, 'Alt text of image 1', 'Sunlit living room');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastText()).toContain('Project saved successfully'));
    expect(projects[0]!.gallery).toEqual([{ imageUrl: '/media/upload-1.jpg', alt: 'Sunlit living room' }]);
  });

  it('unpublishes, publishes, deletes at once and brings a project back with Undo', async () => {
    renderPanel('/adminpanel?tab=portfolio');
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish Modern Serenity' }));
    await waitFor(() => expect(toastText()).toContain('Project unpublished'));
    expect(projects[0]!.isActive).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Publish Modern Serenity' }));
    await waitFor(() => expect(toastText()).toContain('Project published'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Elegant Harmony' }));
    await waitFor(() => expect(toastText()).toContain('Project deleted'));
    expect(projects.map((p) => p.title)).not.toContain('Elegant Harmony');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Elegant Harmony' })).toBeNull());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    });
    await waitFor(() => expect(toastText()).toContain('Project restored'));
    const restored = projects.find((p) => p.title === 'Elegant Harmony')!;
    expect(restored).toMatchObject({ slug: 'elegant-harmony', order: 1, description: 'Elegant Harmony description' });
    expect(await screen.findByRole('heading', { name: 'Elegant Harmony' })).toBeTruthy();
  });

  it("keeps the form and says the server's reason when it refuses a save", async () => {
    renderPanel('/adminpanel?tab=portfolio');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Modern Serenity' }));
    const form = screen.getByRole('form', { name: 'Edit Project' });
    type(form, 'Web address', 'elegant-harmony');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastText()).toContain('1 field needs attention'));
    expect(toastText()).toContain('slug: elegant-harmony is in use by another project');
    expect(screen.getByRole('form', { name: 'Edit Project' })).toBe(form);
    // The server's message lands on the field it names.
    const address = within(form).getByLabelText('Web address') as HTMLInputElement;
    expect(address.value).toBe('elegant-harmony');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(address));
  });
});
