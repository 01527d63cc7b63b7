import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import type { ArticleImage } from '../../lib/journal';
import { Picture } from '../ui/Picture';

const SIZES = '(min-width: 896px) 896px, 100vw';
const HALF = '(min-width: 896px) 448px, 100vw';
/** How far one arrow key moves the handle, and Page Up / Page Down. */
const STEP = 5;
const PAGE = 25;

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/**
 * Two photos of one place, before and after. With JavaScript the after photo lies under the before
 * photo, which is cut at a handle the reader drags (touch or mouse) or moves with the arrow keys;
 * without it (and in the server's HTML) the two stand side by side.
 */
export function BeforeAfter({ before, after, caption }: { before: ArticleImage; after: ArticleImage; caption?: string }) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <figure data-before-after={live ? 'slider' : 'pair'}>
      {live ? (
        <Slider before={before} after={after} />
      ) : (
        <div className="grid grid-cols-2 gap-2">
          {[
            { label: 'Before', image: before },
            { label: 'After', image: after },
          ].map(({ label, image }) => (
            <div key={label}>
              <Picture src={image.url} alt={image.alt} sizes={HALF} width={1600} height={1067} className="w-full rounded-sm bg-sand-200" />
              <p className="mt-1 text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">{label}</p>
            </div>
          ))}
        </div>
      )}
      {caption && <figcaption className="mt-2 text-sm text-stone-600">{caption}</figcaption>}
    </figure>
  );
}

function Slider({ before, after }: { before: ArticleImage; after: ArticleImage }) {
  const [position, setPosition] = useState(50);
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(clamp(((clientX - box.left) / box.width) * 100));
  };
  const down = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    moveTo(event.clientX);
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const up = () => {
    dragging.current = false;
  };
  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: position - STEP,
      ArrowDown: position - STEP,
      ArrowRight: position + STEP,
      ArrowUp: position + STEP,
      PageDown: position - PAGE,
      PageUp: position + PAGE,
      Home: 0,
      End: 100,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setPosition(clamp(next));
  };

  return (
    <div
      ref={frame}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      className="relative touch-pan-y overflow-hidden rounded-sm bg-sand-200 select-none"
    >
      <Picture src={after.url} alt={after.alt} sizes={SIZES} width={1600} height={1067} className="block w-full" />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
        <Picture src={before.url} alt={before.alt} sizes={SIZES} width={1600} height={1067} className="block size-full object-cover" />
      </div>
      <span className="absolute top-3 left-3 bg-charcoal/70 px-2 py-1 text-xs font-semibold tracking-[0.2em] text-ivory uppercase">Before</span>
      <span className="absolute top-3 right-3 bg-charcoal/70 px-2 py-1 text-xs font-semibold tracking-[0.2em] text-ivory uppercase">After</span>
      <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-ivory" style={{ left: `${position}%` }} />
      <div
        role="slider"
        tabIndex={0}
        aria-label="Before and after: drag or use the arrow keys to compare"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${position}% before`}
        onKeyDown={key}
        className="absolute top-1/2 grid size-11 -translate-x-1/2 -translate-y-1/2 cursor-ew-resize place-items-center rounded-full border-2 border-ivory bg-charcoal/70 text-ivory shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brass-500"
        style={{ left: `${position}%` }}
      >
        <span aria-hidden="true">‹ ›</span>
      </div>
    </div>
  );
}
