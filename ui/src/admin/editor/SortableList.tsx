import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { buttonStyles } from '../styles';
import { movedMessage, moveIndex } from './reorder';

type Control = 'handle' | 'up' | 'down';

/**
 * A list the owner puts in order by drag and drop (the handle), or by keyboard: the handle moves
 * its item with the arrow keys, and Move up / Move down buttons do the same for any pointer. Each
 * move is announced in a live region and sent as the whole new order.
 */
export function SortableList<T extends { id: number }>({
  items,
  label,
  nameOf,
  onReorder,
  renderItem,
}: {
  items: T[];
  /** The list's accessible name, e.g. 'Projects'. */
  label: string;
  nameOf: (item: T) => string;
  onReorder: (ids: number[]) => void;
  /** The item's content; the move controls are drawn beside it. */
  renderItem: (item: T) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const helpId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // Moving a focused element in the document blurs it: focus is put back after the move.
  const [refocus, setRefocus] = useState<{ id: number; control: Control } | null>(null);

  useEffect(() => {
    if (!refocus) return;
    const row = list.current?.querySelector(`[data-sort-id="${refocus.id}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-sort-control="${refocus.control}"]:not(:disabled)`);
    (wanted ?? row?.querySelector<HTMLButtonElement>('[data-sort-control="handle"]'))?.focus();
    setRefocus(null);
  }, [refocus, items]);

  const move = (from: number, to: number, control: Control) => {
    const item = items[from];
    if (!item || to < 0 || to >= items.length || from === to) return;
    const next = moveIndex(items, from, to);
    setAnnouncement(movedMessage(nameOf(item), to + 1, items.length));
    setRefocus({ id: item.id, control });
    onReorder(next.map((entry) => entry.id));
  };

  const onHandleKey = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const targets: Record<string, number> = {
      ArrowUp: index - 1,
      ArrowDown: index + 1,
      Home: 0,
      End: items.length - 1,
    };
    const to = targets[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(index, to, 'handle');
  };

  const onDrop = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    const from = items.findIndex((item) => item.id === dragged);
    setDragged(null);
    setOver(null);
    if (from >= 0) move(from, index, 'handle');
  };

  return (
    <>
      <ul ref={list} className="grid gap-4" aria-label={label}>
        {items.map((item, index) => {
          const name = nameOf(item);
          return (
            <li
              key={item.id}
              data-sort-id={item.id}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                setOver(item.id);
              }}
              onDrop={onDrop(index)}
              className={`flex items-stretch gap-2 rounded-sm ${over === item.id && dragged !== item.id ? 'outline-2 outline-offset-2 outline-brass-600' : ''} ${dragged === item.id ? 'opacity-60' : ''}`}
            >
              <div className="flex shrink-0 flex-col items-center gap-1">
                <button
                  type="button"
                  data-sort-control="handle"
                  draggable
                  onDragStart={(event) => {
                    setDragged(item.id);
                    event.dataTransfer?.setData('text/plain', String(item.id));
                    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setOver(null);
                  }}
                  onKeyDown={onHandleKey(index)}
                  aria-label={`Reorder ${name}, position ${index + 1} of ${items.length}`}
                  aria-describedby={helpId}
                  className={`${buttonStyles.plain} cursor-grab px-2`}
                >
                  <GripVertical aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  data-sort-control="up"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1, 'up')}
                  aria-label={`Move ${name} up`}
                  className={`${buttonStyles.plain} px-2`}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  data-sort-control="down"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                  aria-label={`Move ${name} down`}
                  className={`${buttonStyles.plain} px-2`}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
              </div>
              <div className="min-w-0 flex-1">{renderItem(item)}</div>
            </li>
          );
        })}
      </ul>
      <p id={helpId} className="sr-only">
        Drag to reorder, or press the up and down arrow keys to move the item.
      </p>
      {/* A polite live region, not role=status: nothing is loading here. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="sort-announcement">
        {announcement}
      </p>
    </>
  );
}
