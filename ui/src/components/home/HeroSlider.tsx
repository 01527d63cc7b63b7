import { ArrowRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HeroSlide } from '../../lib/site';
import { usePrefersReducedMotion } from '../../lib/motion';
import { Dots } from '../carousels/Dots';
import { Picture } from '../ui/Picture';
import { SmartLink } from '../ui/SmartLink';

/** SPEC §2: the words over every hero slide (fixed, like the headings SPEC names). */
const HERO_EYEBROW = 'PREMIUM • FUNCTIONALITY';

/** SPEC §4 and §9: every 15 s a 1 s fade-out, then the next slide; a dot fades out and jumps after 0.5 s. */
export const HERO_INTERVAL_MS = 15_000;
export const HERO_FADE_MS = 1000;
export const HERO_DOT_DELAY_MS = 500;
/** How long before its turn the next slide's photograph starts loading. */
export const HERO_PRELOAD_MS = 5000;

/** Full-height home hero: the owner's active slides, in their order, from the inlined site data. */
export function HeroSlider({ slides, fallbackTitle }: { slides: HeroSlide[]; fallbackTitle: string }) {
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [fadeMs, setFadeMs] = useState<number | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const count = slides.length;

  // Fade the current slide out for `delay` ms, then show `next`; reduced motion swaps at once.
  const change = useCallback(
    (next: (current: number) => number, delay: number) => {
      clearTimeout(pending.current);
      if (reduced) {
        setIndex(next);
        return;
      }
      setFadeMs(delay);
      pending.current = setTimeout(() => {
        setIndex(next);
        setFadeMs(null);
      }, delay);
    },
    [reduced],
  );

  // Only the slides shown so far and the next one load their photograph: a phone that leaves
  // within 10 s downloads one photograph, not all of them. The others stay out of layout, which
  // keeps their lazy images unfetched.
  const [warm, setWarm] = useState<ReadonlySet<number>>(() => new Set([0]));
  const warmUp = useCallback((i: number) => setWarm((w) => (w.has(i) ? w : new Set(w).add(i))), []);
  useEffect(() => {
    warmUp(index);
    if (count < 2) return;
    const timer = setTimeout(() => warmUp((index + 1) % count), HERO_INTERVAL_MS - HERO_PRELOAD_MS);
    return () => clearTimeout(timer);
  }, [index, count, warmUp]);

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => change((i) => (i + 1) % count, HERO_FADE_MS), HERO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, change]);

  useEffect(() => () => clearTimeout(pending.current), []);

  const fading = fadeMs !== null;
  // Text fades over the same time as the image; coming back in takes the full second.
  const fadeStyle = { transitionDuration: `${fadeMs ?? HERO_FADE_MS}ms` };
  const slide = slides[Math.min(index, count - 1)];

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured work"
      className="relative isolate flex min-h-[560px] items-end overflow-hidden bg-charcoal text-ivory h-svh"
    >
      {count === 0 ? (
        <img
          src="/images/hero-1.webp"
          alt=""
          width={1920}
          height={1080}
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
      ) : (
        slides.map((s, i) => (
          <Picture
            key={s.id}
            src={s.imageUrl}
            // The headline describes the slide; the photograph behind it is atmosphere, unless the
            // owner described it (Hero Slides > Photo description).
            alt={s.alt ?? ''}
            sizes="100vw"
            width={1920}
            height={1080}
            priority={i === 0}
            data-active={i === index && !fading}
            style={warm.has(i) ? fadeStyle : { ...fadeStyle, display: 'none' }}
            className={`absolute inset-0 -z-10 size-full object-cover transition-opacity ease-in-out ${
              i === index && !fading ? 'opacity-100' : 'opacity-0'
            }`}
          />
        ))
      )}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-t from-charcoal/85 via-charcoal/35 to-charcoal/50" />

      <div className="container-page pt-header pb-28 sm:pb-32 lg:pb-36">
        <div
          data-fading={fading}
          style={fadeStyle}
          className={`max-w-3xl transition-opacity ease-in-out ${fading ? 'opacity-0' : 'opacity-100'}`}
        >
          <p className="text-xs font-semibold tracking-[0.35em] text-brass-300 sm:text-sm">{HERO_EYEBROW}</p>
          <h1 className="mt-5 font-display text-5xl leading-[1.02] font-medium text-ivory sm:text-6xl lg:text-7xl xl:text-8xl">
            {slide?.title ?? fallbackTitle}
          </h1>
          {slide?.subtitle && <p className="mt-6 max-w-xl text-lg leading-relaxed text-ivory/85 sm:text-xl">{slide.subtitle}</p>}
          {slide?.buttonText && slide.buttonLink && (
            <SmartLink to={slide.buttonLink} className="btn btn-light mt-10">
              {slide.buttonText}
              <ArrowRight aria-hidden="true" className="size-4" />
            </SmartLink>
          )}
        </div>
      </div>

      {count > 1 && (
        <div className="absolute inset-x-0 bottom-6 sm:bottom-10">
          <div className="container-page flex items-center justify-between gap-6">
            <Dots
              count={count}
              current={index}
              tone="light"
              onSelect={(target) => target !== index && change(() => target, HERO_DOT_DELAY_MS)}
              className="-ml-2"
            />
            <p aria-hidden="true" className="font-display text-lg text-ivory/80 tabular-nums">
              {String(index + 1).padStart(2, '0')} / {String(count).padStart(2, '0')}
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
