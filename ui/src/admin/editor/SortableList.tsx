import { ArrowDown, ArrowDownToLine, ArrowUp, ArrowUpToLine, Ellipsis, GripVertical } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useReadOnly } from '../access/access';
import { buttonStyles } from '../styles';
import { movedMessage, moveIndex } from './reorder';

type Control = 'handle' | 'up' | 'down' | 'menu';

/**
 * A list the owner puts in order by drag and drop (the handle, with a mouse or a finger), or by
 * keyboard: the handle moves its item with the arrow keys, and Move up / Move down buttons and the
 * item's menu (Move to top, Move to bottom) do the same for any pointer. Each move is announced in a
 * live region and sent as the whole new order.
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
  // A role that may not change the list sees it in order, without the move controls.
  const readOnly = useReadOnly();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [menu, setMenu] = useState<number | null>(null);
  // A finger's drag (touch has no HTML drag and drop): the item held, and where it is over now.
  const touchDrag = useRef<{ id: number; pointer: number } | null>(null);
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

  const rowUnder = (event: PointerEvent<HTMLButtonElement>): number | null => {
    const row = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-sort-id]');
    return row && list.current?.contains(row) ? Number(row.dataset.sortId) : null;
  };

  const onPointerDown = (item: T) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType === 'mouse') return;
    touchDrag.current = { id: item.id, pointer: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragged(item.id);
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (touchDrag.current?.pointer !== event.pointerId) return;
    setOver(rowUnder(event));
  };

  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const held = touchDrag.current;
    if (held?.pointer !== event.pointerId) return;
    touchDrag.current = null;
    const target = rowUnder(event);
    setDragged(null);
    setOver(null);
    const from = items.findIndex((item) => item.id === held.id);
    const to = items.findIndex((item) => item.id === target);
    if (from >= 0 && to >= 0) move(from, to, 'handle');
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
              className={`flex flex-col gap-2 rounded-sm sm:flex-row ${over === item.id && dragged !== item.id ? 'outline-2 outline-offset-2 outline-brass-600' : ''} ${dragged === item.id ? 'opacity-60' : ''}`}
            >
              {/* Above the item on a phone, so the item keeps the screen's whole width; beside it when wider. */}
              {!readOnly && <div className="relative flex shrink-0 items-center gap-1 sm:flex-col">
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
                  onPointerDown={onPointerDown(item)}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={() => {
                    touchDrag.current = null;
                    setDragged(null);
                    setOver(null);
                  }}
                  aria-label={`Reorder ${name}, position ${index + 1} of ${items.length}`}
                  aria-describedby={helpId}
                  className={`${buttonStyles.plain} cursor-grab touch-none px-2`}
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
                <div>
                  <button
                    type="button"
                    data-sort-control="menu"
                    aria-expanded={menu === item.id}
                    aria-label={`More moves for ${name}`}
                    onClick={() => setMenu((open) => (open === item.id ? null : item.id))}
                    className={`${buttonStyles.plain} px-2`}
                  >
                    <Ellipsis aria-hidden="true" className="size-4" />
                  </button>
                  {menu === item.id && (
                    <div className="absolute top-full left-0 z-40 mt-1 grid w-60 max-w-full gap-1 rounded-sm border border-sand-200 bg-white p-2 shadow-xl sm:max-w-none">
                      <button
                        type="button"
                        disabled={index === 0}
                        className={buttonStyles.plain}
                        aria-label={`Move to top: ${name}`}
                        onClick={() => {
                          setMenu(null);
                          move(index, 0, 'menu');
                        }}
                      >
                        <ArrowUpToLine aria-hidden="true" className="size-4" />
                        Move to top
                      </button>
                      <button
                        type="button"
                        disabled={index === items.length - 1}
                        className={buttonStyles.plain}
                        aria-label={`Move to bottom: ${name}`}
                        onClick={() => {
                          setMenu(null);
                          move(index, items.length - 1, 'menu');
                        }}
                      >
                        <ArrowDownToLine aria-hidden="true" className="size-4" />
                        Move to bottom
                      </button>
                    </div>
                  )}
                </div>
              </div>}
              <div className="min-w-0 flex-1">{renderItem(item)}</div>
            </li>
          );
        })}
      </ul>
      <p id={helpId} className="sr-only">
        Drag to reorder (press and drag on a touch screen), or press the up and down arrow keys to move the item.
      </p>
      {/* A polite live region, not role=status: nothing is loading here. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="sort-announcement">
        {announcement}
      </p>
    </>
  );
}
