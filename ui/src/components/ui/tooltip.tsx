import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';

/** SPEC §9: a tooltip opens 700 ms after the pointer arrives, at once within 300 ms of another closing. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Shared by every tooltip on the page, like a provider would be: moving along a row of icons
// shows each label without waiting again.
let lastClosedAt = Number.NEGATIVE_INFINITY;

interface Props {
  content: string;
  /** One focusable element (link or button): it receives `aria-describedby` while open. */
  children: ReactElement;
  side?: 'top' | 'bottom';
}

/**
 * A short label for an icon control. Opens on hover (after the delay) or keyboard focus (at once);
 * closes on leave, blur, click, scroll or Escape. The trigger is described by the tooltip.
 */
export function Tooltip({ content, children, side = 'top' }: Props) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();

  const show = (delay: number) => {
    clearTimeout(timer.current);
    const skip = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    if (delay === 0 || skip) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };

  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', hide, { passive: true, capture: true });
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', hide, { capture: true });
    };
  }, [open]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <span
      className="relative inline-flex"
      onMouseEnter={() => show(TOOLTIP_DELAY_MS)}
      onMouseLeave={hide}
      onFocusCapture={() => show(0)}
      onBlurCapture={hide}
      onClickCapture={hide}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open && (
        <span
          id={id}
          role="tooltip"
          className={`pointer-events-none absolute left-1/2 z-50 -translate-x-1/2 rounded-sm bg-charcoal px-3 py-1.5 text-xs font-medium whitespace-nowrap text-ivory shadow-lg ${
            side === 'top' ? 'bottom-full mb-2' : 'top-full mt-2'
          }`}
        >
          {content}
        </span>
      )}
    </span>
  );
}
