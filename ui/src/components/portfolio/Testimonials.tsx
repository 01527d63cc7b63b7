import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '../../lib/content';
import type { Testimonial } from '../../lib/site';

interface Props {
  /** The published testimonials, in the owner's order. */
  testimonials: Testimonial[];
}

/**
 * The portfolio's testimonials. SPEC shows a previous/next pair that does nothing; here the pair
 * steps through the quotes (wrapping), which is what a visitor pressing it expects. No autoplay.
 */
export function Testimonials({ testimonials }: Props) {
  const heading = usePage('portfolio').testimonials;
  const [index, setIndex] = useState(0);
  const count = testimonials.length;
  const current = testimonials[index] ?? testimonials[0];
  if (!current) return null;
  const step = (by: number) => setIndex((i) => (i + by + count) % count);

  return (
    <section aria-labelledby="testimonials-heading" className="text-charcoal">
      <div className="container-page section">
        <div className="mx-auto max-w-3xl text-center">
          <span className="eyebrow">{heading.eyebrow}</span>
          <h2 id="testimonials-heading" className="mt-4 font-display text-4xl md:text-5xl">
            {heading.title}
          </h2>
          <Quote aria-hidden="true" className="mx-auto mt-12 size-10 text-brass-500" strokeWidth={1.25} />
          <figure aria-live="polite" className="mt-6">
            <blockquote className="font-display text-2xl leading-snug text-charcoal md:text-3xl">
              <p>“{current.quote}”</p>
            </blockquote>
            <figcaption className="mt-8 text-sm tracking-wide text-stone-600">
              <span className="block font-semibold text-charcoal">{current.name}</span>
              {current.role}
            </figcaption>
          </figure>
          <div className="mt-10 flex items-center justify-center gap-4">
            <button
              type="button"
              onClick={() => step(-1)}
              aria-label="Previous testimonial"
              className="grid size-12 place-items-center rounded-full border border-stone-400 transition-colors hover:border-charcoal hover:bg-charcoal hover:text-ivory"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <p className="min-w-16 text-sm tracking-widest text-stone-600" aria-hidden="true">
              {index + 1} / {count}
            </p>
            <button
              type="button"
              onClick={() => step(1)}
              aria-label="Next testimonial"
              className="grid size-12 place-items-center rounded-full border border-stone-400 transition-colors hover:border-charcoal hover:bg-charcoal hover:text-ivory"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
