import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS, TOAST_REMOVE_DELAY_MS, Toaster, resetToasts, toast } from './toast';
import { advance } from '../../test/clock';

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toaster />);
});

afterEach(() => {
  act(resetToasts);
  vi.useRealTimers();
});

function show(...args: Parameters<typeof toast>) {
  let handle: ReturnType<typeof toast> | undefined;
  act(() => {
    handle = toast(...args);
  });
  return handle!;
}

describe('toast', () => {
  it('shows title and description and closes itself after 5000 ms', () => {
    show({ title: 'Saved', description: 'Setting updated successfully' });
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(screen.getByText('Setting updated successfully')).toBeTruthy();

    advance(TOAST_DURATION_MS - 1);
    expect(screen.queryByRole('status')).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows one toast at a time: a new one replaces the current one', () => {
    show({ title: 'First' });
    show({ title: 'Second' });
    const shown = screen.getAllByRole('status');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.textContent).toContain('Second');
  });

  it('keeps an error on screen longer than a success, at least 4 s either way', () => {
    expect(TOAST_DURATION_MS).toBeGreaterThanOrEqual(4000);
    show({ variant: 'destructive', title: 'Failed to save page' });
    advance(TOAST_DURATION_MS);
    expect(screen.queryByRole('alert')).not.toBeNull();
    advance(TOAST_ERROR_DURATION_MS - TOAST_DURATION_MS - 1);
    expect(screen.queryByRole('alert')).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders the destructive variant as an alert', () => {
    show({ variant: 'destructive', title: 'Upload failed' });
    const alert = screen.getByRole('alert');
    expect(alert.dataset.variant).toBe('destructive');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes with its close button', () => {
    show({ title: 'Closable' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('runs the optional action and closes', () => {
    const onClick = vi.fn();
    show({ title: 'Slide deleted', action: { label: 'Undo', onClick } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('holds its timer while hovered and resumes with the time left', () => {
    show({ title: 'Hover me' });
    advance(3000);
    fireEvent.mouseEnter(screen.getByRole('status'));
    advance(10_000);
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.mouseLeave(screen.getByRole('status'));
    advance(TOAST_DURATION_MS - 3000 - 1);
    expect(screen.queryByRole('status')).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is dismissed by a swipe to the right past 50 px, not by a shorter one', () => {
    show({ title: 'Swipe me' });
    const item = screen.getByRole('status');
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 150, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 150, pointerId: 1 });
    expect(screen.queryByRole('status')).not.toBeNull();
    expect(item.style.transform).toBe('');

    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 151, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 151, pointerId: 1 });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('ignores a swipe to the left', () => {
    show({ title: 'Stay' });
    const item = screen.getByRole('status');
    fireEvent.pointerDown(item, { clientX: 300, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 100, pointerId: 1 });
    expect(screen.queryByRole('status')).not.toBeNull();
  });

  it('moves focus to the notification region on F8', () => {
    show({ title: 'Focus me' });
    fireEvent.keyDown(document, { key: 'F8' });
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('can be dismissed through the handle it returns', () => {
    const handle = show({ title: 'Handle' });
    act(handle.dismiss);
    expect(screen.queryByRole('status')).toBeNull();
    // The dismissed entry is dropped from the store after the removal delay without errors.
    advance(TOAST_REMOVE_DELAY_MS);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
