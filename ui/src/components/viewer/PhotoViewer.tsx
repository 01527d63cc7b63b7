import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { keepFocusAmong } from '../../lib/focusTrap';
import { fittingUrl, type ViewerPhoto } from './photos';

const MAX_SCALE = 4;
const TAP_SCALE = 2.5;
/** A horizontal move this long (px) with one finger, unzoomed, is a swipe. */
const SWIPE_PX = 50;
/** Two taps within this time (ms) and distance (px) are a double tap. */
const DOUBLE_TAP_MS = 350;
const DOUBLE_TAP_PX = 30;
const TAP_MOVE_PX = 10;

interface Props {
  photos: ViewerPhoto[];
  start: number;
  /** Called with the photo shown last, once the viewer has closed. */
  onClose: (shown: number) => void;
}

interface Point {
  x: number;
  y: number;
}

type Gesture =
  | { kind: 'one'; start: Point; at: number; offset: Point }
  | { kind: 'pinch'; distance: number; scale: number }
  | null;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The full-screen photo viewer (a modal dialog): arrow keys, buttons and swipes for next and
 * previous, pinch and double tap (or double click) to zoom, Escape, the close button or the browser's
 * Back to leave. Opening adds a history entry, so that Back on a phone closes the viewer, not the page.
 */
export default function PhotoViewer({ photos, start, onClose }: Props) {
  const [index, setIndex] = useState(start);
  const [scale, setScale] = useState(1);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [dragX, setDragX] = useState(0);
  const [screen, setScreen] = useState({ width: window.innerWidth, height: window.innerHeight });
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const indexRef = useRef(index);
  indexRef.current = index;
  const count = photos.length;
  const photo = photos[index] ?? photos[0] ?? { url: '', alt: '' };

  const go = useCallback(
    (step: number) => {
      if (count < 2) return;
      setIndex((current) => (current + step + count) % count);
      setScale(1);
      setOffset({ x: 0, y: 0 });
    },
    [count],
  );

  // Back closes the viewer: the entry pushed on opening is popped by Back, by Escape and by the
  // close button alike, and its popstate is the one way out. Pushed before the viewer is first
  // painted: a Back pressed as soon as it shows must find the entry.
  useLayoutEffect(() => {
    window.history.pushState({ ...(window.history.state as object | null), photoViewer: true }, '');
    const popped = () => onClose(indexRef.current);
    window.addEventListener('popstate', popped);
    return () => window.removeEventListener('popstate', popped);
  }, [onClose]);
  const leave = () => window.history.back();

  // The page behind neither scrolls nor takes focus; the close button has it first.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    closeRef.current?.focus();
    const resized = () => setScreen({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', resized);
    return () => {
      root.style.overflow = overflow;
      window.removeEventListener('resize', resized);
    };
  }, []);

  const urlOf = (i: number) => fittingUrl(photos[i]?.url ?? photo.url, screen.width, screen.height, window.devicePixelRatio || 1);
  // The next photo (the way most visitors go) is fetched while this one is looked at.
  useEffect(() => {
    if (count < 2) return;
    const next = new Image();
    next.decoding = 'async';
    next.src = urlOf((index + 1) % count);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, count, screen.width, screen.height]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      leave();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'Tab') {
      // Focus stays inside the dialog.
      const buttons = dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])');
      if (buttons) keepFocusAmong(event, buttons);
    }
  };

  // Touch, pen and mouse alike, through pointer events; the stage takes no browser gestures.
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  const zoomAt = (point: Point) => {
    if (scale > 1) {
      setScale(1);
      setOffset({ x: 0, y: 0 });
      return;
    }
    const box = stageRef.current?.getBoundingClientRect();
    const center = box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : point;
    // The tapped point stays under the finger: with the origin at the centre, o = d (1 - s).
    setScale(TAP_SCALE);
    setOffset({ x: (point.x - center.x) * (1 - TAP_SCALE), y: (point.y - center.y) * (1 - TAP_SCALE) });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    if (!a) return;
    if (b) {
      gesture.current = { kind: 'pinch', distance: distance(a, b), scale };
      setDragX(0);
    } else {
      gesture.current = { kind: 'one', start: a, at: event.timeStamp, offset };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const now = gesture.current;
    if (now?.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b || now.distance === 0) return;
      const next = clamp((now.scale * distance(a, b)) / now.distance, 1, MAX_SCALE);
      setScale(next);
      if (next === 1) setOffset({ x: 0, y: 0 });
    } else if (now?.kind === 'one') {
      const dx = event.clientX - now.start.x;
      const dy = event.clientY - now.start.y;
      if (scale > 1) {
        const box = stageRef.current?.getBoundingClientRect();
        const limitX = ((box?.width ?? 0) * (scale - 1)) / 2;
        const limitY = ((box?.height ?? 0) * (scale - 1)) / 2;
        setOffset({ x: clamp(now.offset.x + dx, -limitX, limitX), y: clamp(now.offset.y + dy, -limitY, limitY) });
      } else {
        setDragX(dx);
      }
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const now = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other one pans from here.
      const [rest] = [...pointers.current.values()];
      if (rest) gesture.current = { kind: 'one', start: rest, at: event.timeStamp, offset };
      lastTap.current = null;
      return;
    }
    gesture.current = null;
    setDragX(0);
    if (now?.kind !== 'one' || event.type === 'pointercancel') return;
    const point = { x: event.clientX, y: event.clientY };
    const dx = point.x - now.start.x;
    const dy = point.y - now.start.y;
    if (scale === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      lastTap.current = null;
      go(dx < 0 ? 1 : -1);
      return;
    }
    if (Math.hypot(dx, dy) > TAP_MOVE_PX) {
      lastTap.current = null;
      return;
    }
    const previous = lastTap.current;
    if (previous && event.timeStamp - previous.at < DOUBLE_TAP_MS && distance(previous.point, point) < DOUBLE_TAP_PX) {
      lastTap.current = null;
      zoomAt(point);
    } else {
      lastTap.current = { at: event.timeStamp, point };
    }
  };

  const caption = photo.caption || photo.alt;
  const dragging = dragX !== 0 || gesture.current?.kind === 'pinch';
  const button =
    'grid size-11 shrink-0 place-items-center rounded-full text-ivory ring-1 ring-ivory/30 transition-colors hover:bg-ivory hover:text-charcoal focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ivory';

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-roledescription="photo viewer"
      // A click on the photo focuses the dialog itself, so the keys keep working.
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="photo-viewer"
      data-scale={scale}
      className="fixed inset-0 z-[100] flex flex-col bg-charcoal text-ivory outline-none"
    >
      <div className="flex items-center justify-between gap-4 px-4 pt-3 sm:px-6">
        <h2 id={titleId} className="font-sans text-sm font-semibold tracking-[0.2em] uppercase" aria-live="polite">
          <span className="sr-only">Photo </span>
          {index + 1} of {count}
        </h2>
        <button ref={closeRef} type="button" onClick={leave} aria-label="Close the photo viewer" className={button}>
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      <div
        ref={stageRef}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        className="relative min-h-0 flex-1 touch-none overflow-hidden select-none"
      >
        <img
          key={photo.url}
          src={urlOf(index)}
          alt={photo.alt}
          draggable={false}
          decoding="async"
          className={`absolute inset-0 m-auto size-full object-contain ${dragging ? '' : 'transition-transform duration-200'}`}
          style={{ transform: `translate(${offset.x + dragX}px, ${offset.y}px) scale(${scale})` }}
        />
      </div>

      <div className="flex items-center gap-3 px-4 pt-2 pb-4 sm:px-6 sm:pb-6">
        <button type="button" onClick={() => go(-1)} disabled={count < 2} aria-label="Previous photo" className={`${button} disabled:invisible`}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <p className="min-w-0 flex-1 text-center text-sm leading-relaxed text-ivory/85">{caption}</p>
        <button type="button" onClick={() => go(1)} disabled={count < 2} aria-label="Next photo" className={`${button} disabled:invisible`}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>,
    document.body,
  );
}
