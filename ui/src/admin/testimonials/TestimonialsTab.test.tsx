import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { AdminTestimonial } from '../api';
import { cardTitles as titles, renderPanel, signedInApi, toastText, writesTo } from '../testPanel';
import { collection, startApiServer } from '../testServer';

// A small in-memory testimonial API, close to the real one: lists, create, replace, delete, reorder.
let testimonials: AdminTestimonial[];
let nextId: number;

const server = signedInApi(async () => {
  nextId = 100;
  testimonials = [
    { id: 1, quote: 'Calm home.', name: 'Priya', role: 'Homeowner', isActive: true, order: 0 },
    { id: 2, quote: 'On time.', name: 'Vikram', role: 'Hotelier', isActive: true, order: 1 },
  ];
  const handler = collection('/api/admin/testimonials', () => testimonials, (list) => (testimonials = list), () => nextId++);
  return startApiServer((request) => {
    if (request.path === '/api/admin/verify') return { body: { admin: { id: 1, username: 'admin' } } };
    return handler(request) ?? { body: [] };
  });
});

const writes = (prefix: string) => writesTo(server(), prefix);

describe('Testimonials editor', () => {
  it('reorders testimonials and deletes one with Undo', async () => {
    renderPanel('/adminpanel?tab=testimonials');
    const list = await screen.findByRole('list', { name: 'Testimonials' });
    expect(titles(list)).toEqual(['Priya', 'Vikram']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Vikram up' }));
    await waitFor(() => expect(testimonials.map((t) => t.name)).toEqual(['Vikram', 'Priya']));
    fireEvent.click(screen.getByRole('button', { name: 'Delete testimonial of Priya' }));
    await waitFor(() => expect(toastText()).toContain('Testimonial deleted'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    });
    await waitFor(() => expect(toastText()).toContain('Testimonial restored'));
    expect(testimonials.map((t) => t.name)).toEqual(['Vikram', 'Priya']);
  });

  it('loads a long list in stretches, and a move sends every id in one write', async () => {
    testimonials = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, quote: 'Calm.', name: `Client ${i + 1}`, role: '', isActive: true, order: i }));
    renderPanel('/adminpanel?tab=testimonials');
    const list = await screen.findByRole('list', { name: 'Testimonials' });
    expect(titles(list)).toHaveLength(24);
    expect(screen.getByText('24 of 30 shown')).toBeTruthy();
    expect(server().requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/testimonials')).map((r) => r.path)).toEqual([
      '/api/admin/testimonials?offset=0&limit=24',
    ]);

    // A move among the first 24: the others keep their places after them, in the same single write.
    fireEvent.click(screen.getByRole('button', { name: 'Move Client 2 up' }));
    await waitFor(() => expect(writes('/api/admin/testimonials/order')).toHaveLength(1));
    const ids = JSON.parse(writes('/api/admin/testimonials/order')[0]!.body).ids as number[];
    expect(ids).toEqual([2, 1, ...Array.from({ length: 28 }, (_, i) => i + 3)]);

    fireEvent.click(screen.getByRole('button', { name: 'Show more testimonials' }));
    await waitFor(() => expect(titles(screen.getByRole('list', { name: 'Testimonials' }))).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Show more testimonials' })).toBeNull();
  });
});
