import { useEffect, useState } from 'react';
import { altOf, type SlidePhoto } from '../../lib/pageTypes';
import { usePause } from '../../lib/usePause';
import { Picture } from '../ui/Picture';
import { Dots } from './Dots';

/** SPEC §9: slideshows crossfade over one second. */
export const CROSSFADE_MS = 1000;

interface Props {
  photos: SlidePhoto[];
  /** Time each photo stays before the next fades in. */
  intervalMs: number;
  /** Names the slideshow for assistive technology. */
  label: string;
  /** Clickable 'Go to slide N' dots (the founder page has them; the home teaser does not). */
  dots?: boolean;
  /** Only a slideshow at the top of its page may load its first photo eagerly. */
  eager?: boolean;
  className?: string;
}

/**
 * Captioned photos that crossfade in turn. Autoplay holds while hovered or focused by keyboard;
 * with reduced motion the photos swap without fading (base.css shortens every transition).
 */
export function Slideshow({ photos, intervalMs, label, dots = false, eager = false, className = '' }: Props) {
  const [index, setIndex] = useState(0);
  const { paused, handlers } = usePause();
  const count = photos.length;

  // Keyed on the index so that a dot click gives the chosen photo its full time.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [index, paused, count, intervalMs]);

  const current = photos[index];
  if (!current) return null;

  return (
    <section aria-roledescription="carousel" aria-label={label} className={className} {...handlers}>
      <div className="relative aspect-[4/3] overflow-hidden rounded-sm bg-sand-200">
        {photos.map((photo, i) => (
          <Picture
            key={i}
            src={photo.image.src}
            alt={i === index ? altOf(photo.image) : ''}
            aria-hidden={i === index ? undefined : 'true'}
            // Beside the text on large screens (7 of 12 columns), the full width below.
            sizes="(min-width: 1024px) 58vw, 100vw"
            width={1200}
            height={900}
            priority={eager && i === 0}
            data-active={i === index}
            style={{ transitionDuration: `${CROSSFADE_MS}ms` }}
            className={`absolute inset-0 size-full object-cover transition-opacity ease-in-out ${
              i === index ? 'opacity-100' : 'opacity-0'
            }`}
          />
        ))}
        <div className="absolute inset-x-0 bottom-0 bg-linear-to-t from-charcoal/85 via-charcoal/40 to-transparent px-5 pt-16 pb-4 sm:px-6">
          <p aria-live={paused ? 'polite' : 'off'} className="font-display text-lg text-ivory italic sm:text-xl">
            {/* Keyed so the new caption eases in; the live region itself stays in place. */}
            <span key={index} className="fade-in block">
              {current.caption}
            </span>
          </p>
        </div>
      </div>
      {dots && <Dots count={count} current={index} onSelect={setIndex} className="mt-3 justify-center" />}
    </section>
  );
}
