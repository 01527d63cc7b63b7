import { act, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { moveIndex } from './reorder';
import { SortableList } from './SortableList';

const start = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
  { id: 3, name: 'Gamma' },
];

function List({ sent }: { sent: number[][] }) {
  const [items, setItems] = useState(start);
  return (
    <SortableList
      items={items}
      label="Things"
      nameOf={(item) => item.name}
      onReorder={(ids) => {
        sent.push(ids);
        setItems(ids.map((id) => items.find((item) => item.id === id)!));
      }}
      renderItem={(item) => <h3>{item.name}</h3>}
    />
  );
}

// happy-dom has no DragEvent: plain events of the same types reach the same handlers.
const drag = (element: Element, type: 'dragstart' | 'dragover' | 'drop') =>
  act(() => {
    element.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
  });
const names = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const announced = () => screen.getByTestId('sort-announcement').textContent;

describe('SortableList', () => {
  it('moves with the arrow keys, Home and End on a handle, and announces each move', () => {
    const sent: number[][] = [];
    render(<List sent={sent} />);
    fireEvent.keyDown(screen.getByRole('button', { name: /^Reorder Alpha/ }), { key: 'End' });
    expect(names()).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(announced()).toBe('Alpha moved to position 3 of 3.');
    fireEvent.keyDown(screen.getByRole('button', { name: /^Reorder Gamma/ }), { key: 'Home' });
    expect(names()).toEqual(['Gamma', 'Beta', 'Alpha']);
    // Nothing beyond the ends, and other keys are left to the browser.
    fireEvent.keyDown(screen.getByRole('button', { name: /^Reorder Gamma/ }), { key: 'ArrowUp' });
    fireEvent.keyDown(screen.getByRole('button', { name: /^Reorder Beta/ }), { key: 'Enter' });
    expect(sent).toEqual([
      [2, 3, 1],
      [3, 2, 1],
    ]);
    expect(screen.getByRole('button', { name: /^Reorder Gamma, position 1 of 3/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move Gamma up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Alpha down' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves by drag and drop onto another row', () => {
    const sent: number[][] = [];
    render(<List sent={sent} />);
    const rows = screen.getAllByRole('listitem');
    drag(screen.getByRole('button', { name: /^Reorder Gamma/ }), 'dragstart');
    drag(rows[0]!, 'dragover');
    drag(rows[0]!, 'drop');
    expect(names()).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(sent).toEqual([[3, 1, 2]]);
    expect(announced()).toBe('Gamma moved to position 1 of 3.');
  });

  it('moveIndex clamps and copies', () => {
    const list = ['a', 'b', 'c'];
    expect(moveIndex(list, 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveIndex(list, 5, 0)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it("moves an item to the top or the bottom from its menu", () => {
    const sent: number[][] = [];
    render(<List sent={sent} />);
    fireEvent.click(screen.getByRole('button', { name: 'More moves for Gamma' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to top: Gamma' }));
    expect(names()).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(announced()).toContain('Gamma');
    fireEvent.click(screen.getByRole('button', { name: 'More moves for Gamma' }));
    expect((screen.getByRole('button', { name: 'Move to top: Gamma' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move to bottom: Gamma' }));
    expect(names()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(sent).toEqual([
      [3, 1, 2],
      [1, 2, 3],
    ]);
  });
});
