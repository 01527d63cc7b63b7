import { X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** SPEC §9 toast constants. */
export const TOAST_DURATION_MS = 5000;
/** An error stays longer: it usually says what to do next. */
export const TOAST_ERROR_DURATION_MS = 10_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** A dismissed toast stays in the store this long (SPEC §9); only open toasts are rendered. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
const TOAST_LIMIT = 1;
const HOTKEY = 'F8';

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
}

interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

// A module-level store so that any code (pages, the admin panel, event handlers outside
// components) can raise a toast without a context provider.
let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: ToastEntry[]) {
  entries = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function forget(id: number) {
  clearTimeout(removalTimers.get(id));
  removalTimers.delete(id);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: number) {
  publish(
    entries.map((entry) => {
      if ((id !== undefined && entry.id !== id) || !entry.open) return entry;
      if (!removalTimers.has(entry.id)) {
        removalTimers.set(
          entry.id,
          setTimeout(() => {
            removalTimers.delete(entry.id);
            publish(entries.filter((e) => e.id !== entry.id));
          }, TOAST_REMOVE_DELAY_MS),
        );
      }
      return { ...entry, open: false };
    }),
  );
}

/** Shows a toast; with one visible at a time, a new toast replaces the current one. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  const kept = [{ ...options, id, open: true }, ...entries].slice(0, TOAST_LIMIT);
  // Entries pushed out by the limit are gone for good: their removal timers have nothing to do.
  entries.filter((entry) => !kept.includes(entry)).forEach((entry) => forget(entry.id));
  publish(kept);
  return { id, dismiss: () => dismissToast(id) };
}

/** Test helper: empties the store and cancels pending removals. */
export function resetToasts() {
  [...removalTimers.keys()].forEach(forget);
  publish([]);
}

/** Mounted once per frame (public and admin); renders the open toast in its viewport. */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, () => entries);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === HOTKEY) region.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section aria-label={`Notifications (${HOTKEY})`}>
      {/* Divs, not a list: each toast carries a live-region role, which a list item may not. */}
      <div
        ref={region}
        tabIndex={-1}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex max-h-screen w-full flex-col p-4 outline-none md:inset-x-auto md:top-auto md:right-0 md:bottom-0 md:max-w-[420px]"
      >
        {current
          .filter((entry) => entry.open)
          .map((entry) => (
            <ToastItem key={entry.id} entry={entry} />
          ))}
      </div>
    </section>
  );
}

function ToastItem({ entry }: { entry: ToastEntry }) {
  const { id, title, description, action } = entry;
  const destructive = entry.variant === 'destructive';
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const remaining = useRef(destructive ? TOAST_ERROR_DURATION_MS : TOAST_DURATION_MS);
  const swipeStart = useRef<number | null>(null);

  // Hovering or focusing the toast holds the clock so that it cannot vanish while being read.
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, id]);

  const endSwipe = () => {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (offset > TOAST_SWIPE_THRESHOLD_PX) dismissToast(id);
    else setOffset(0);
  };

  return (
    <div
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      data-variant={entry.variant ?? 'default'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocusCapture={() => setPaused(true)}
      onBlurCapture={() => setPaused(false)}
      onPointerDown={(event) => {
        // Buttons inside keep their own clicks; swiping starts on the toast's body.
        if ((event.target as HTMLElement).closest('button')) return;
        swipeStart.current = event.clientX;
        (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (swipeStart.current !== null) setOffset(Math.max(0, event.clientX - swipeStart.current));
      }}
      onPointerUp={endSwipe}
      onPointerCancel={() => {
        swipeStart.current = null;
        setOffset(0);
      }}
      style={offset ? { transform: `translateX(${offset}px)`, transition: 'none' } : undefined}
      className={`toast-enter pointer-events-auto relative flex w-full touch-pan-y items-start gap-4 rounded-sm border p-5 pr-12 shadow-xl transition-transform duration-200 select-none ${
        destructive ? 'border-red-900 bg-red-800 text-white' : 'border-sand-200 bg-ivory text-charcoal'
      }`}
    >
      <div className="grid flex-1 gap-1">
        {title && <p className="text-sm font-semibold">{title}</p>}
        {description && (
          <p className={`text-sm leading-relaxed ${destructive ? 'text-white/90' : 'text-stone-600'}`}>{description}</p>
        )}
      </div>
      {action && (
        <button
          type="button"
          onClick={() => {
            action.onClick();
            dismissToast(id);
          }}
          className={`shrink-0 self-center rounded-sm border px-3 py-2 text-xs font-semibold tracking-wide uppercase transition-colors ${
            destructive
              ? 'border-white/50 hover:bg-white hover:text-red-800'
              : 'border-charcoal/30 hover:bg-charcoal hover:text-ivory'
          }`}
        >
          {action.label}
        </button>
      )}
      <button
        type="button"
        aria-label="Close"
        onClick={() => dismissToast(id)}
        className={`absolute top-2 right-2 grid size-9 place-items-center rounded-sm transition-colors ${
          destructive ? 'text-white/80 hover:text-white' : 'text-stone-600 hover:text-charcoal'
        }`}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
