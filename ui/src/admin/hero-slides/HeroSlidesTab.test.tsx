import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_IMAGES } from '../../lib/images';
import type { AdminHeroSlide } from '../api';
import { chooseFile, json, openPanel, signedInApi, startPanelApi, toastText, typeInto, writesTo } from '../testPanel';

const server = signedInApi(async () => (await startPanelApi()).server);
const writes = (prefix: string) => writesTo(server(), prefix);

describe('the Hero Slides tab', () => {
  it('opens the slide form from the quick action, checks it, and creates a slide first in the list', async () => {
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Add a hero slide' }));
    const form = await screen.findByRole('form', { name: 'New Slide' });

    fireEvent.click(within(form).getByRole('button', { name: 'Create Slide' }));
    expect(toastText()).toContain('2 fields need attention');
    expect(within(form).getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('button', { name: 'Choose a photo' }).getAttribute('aria-invalid')).toBe('true');
    expect(writes('/api/admin/hero-slides')).toEqual([]);

    typeInto(/^Title/, 'Calm Living', form);
    chooseFile(form.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['png'], 'room.png', { type: 'image/png' }));
    await within(form).findByRole('img', { name: 'Photo, as chosen' });
    typeInto('Order on the home page', 'soon', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Create Slide' }));

    await screen.findByRole('heading', { name: 'Calm Living' });
    expect(screen.queryByRole('form', { name: 'New Slide' })).toBeNull();
    expect(toastText()).toContain('Hero slide created successfully');
    expect(json(writes('/api/admin/hero-slides')[0]!)).toEqual({
      title: 'Calm Living',
      subtitle: '',
      imageUrl: '/media/0123abcd.png',
      alt: '',
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
    await openPanel('/adminpanel?tab=slides');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit slide First' }));
    let form = screen.getByRole('form', { name: 'Edit Slide' });
    expect((within(form).getByLabelText('Subtitle') as HTMLInputElement).value).toBe('Sub');
    expect((within(form).getByLabelText(/Active/) as HTMLInputElement).checked).toBe(false);

    typeInto(/^Title/, 'Typed then dropped', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit slide First' }));
    form = screen.getByRole('form', { name: 'Edit Slide' });
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('First');
    typeInto(/^Title/, 'First, renamed', form);
    fireEvent.click(within(form).getByLabelText(/Active/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await screen.findByRole('heading', { name: 'First, renamed' });
    expect(toastText()).toContain('Hero slide updated successfully');
    const [put] = writes('/api/admin/hero-slides/2');
    expect(put?.method).toBe('PUT');
    expect(json<AdminHeroSlide>(put!)).toMatchObject({ title: 'First, renamed', order: 1, isActive: true });
  });

  it('deletes a slide at once and brings it back with Undo', async () => {
    await openPanel('/adminpanel?tab=slides');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete slide First' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'First' })).toBeNull());
    expect(toastText()).toContain('Hero slide deleted successfully');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('heading', { name: 'First' });
    const recreated = writes('/api/admin/hero-slides').find((r) => r.method === 'POST');
    expect(json(recreated!)).toEqual({
      title: 'First',
      subtitle: 'Sub',
      imageUrl: '/images/hero-1.webp',
      alt: '',
      buttonText: 'Go',
      buttonLink: '/portfolio',
      order: 1,
      isActive: false,
    });
  });

  it('chooses a slide photo with the picker, never a typed path', async () => {
    await openPanel('/adminpanel?tab=slides');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Slide' }));
    const form = screen.getByRole('form', { name: 'New Slide' });
    const picker = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker.accept).toBe(ACCEPTED_IMAGES);
    chooseFile(picker, new File(['png'], 'room.png', { type: 'image/png' }));

    const chosen = await within(form).findByRole('img', { name: 'Photo, as chosen' });
    expect(chosen.getAttribute('src')).toBe('/media/0123abcd.png');
    expect(within(form).queryByLabelText(/Image URL/)).toBeNull();
  });
});
