import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { articlePath } from '../../lib/journal';
import { formatDate, type NewsItem } from '../../lib/site';
import { usePause } from '../../lib/usePause';
import { Dots } from '../carousels/Dots';

/** SPEC §9: the news carousel advances every 5 s. */
export const NEWS_INTERVAL_MS = 5000;

/** Newest first (ISO dates sort as text); the server sends them so, this keeps the promise. */
export function newsByDate(items: NewsItem[]): NewsItem[] {
  return [...items].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/**
 * One news card at a time. Previous and next wrap at both ends, dots jump to any item, and
 * autoplay holds while the pointer is over the carousel or keyboard focus is inside it.
 */
export function NewsCarousel({ items }: { items: NewsItem[] }) {
  const [index, setIndex] = useState(0);
  const { paused, handlers } = usePause();
  const count = items.length;

  // Keyed on the index: after a manual move the new card gets its full five seconds.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), NEWS_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, paused, count]);

  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <section aria-roledescription="carousel" aria-label="News and thoughts" {...handlers}>
      <div className="overflow-hidden">
        <div
          aria-live={paused ? 'polite' : 'off'}
          style={{ transform: `translateX(-${index * 100}%)` }}
          className="flex transition-transform duration-700 ease-calm"
        >
          {items.map((item, i) => (
            <div
              key={item.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i === index ? undefined : 'true'}
              data-active={i === index}
              className="w-full shrink-0"
            >
              <article className="mx-auto max-w-3xl border border-sand-200 bg-white px-6 py-10 text-center shadow-sm sm:px-12 sm:py-14">
                <time dateTime={item.date} className="eyebrow">
                  {formatDate(item.date)}
                </time>
                <h3 className="mt-5 font-display text-3xl leading-tight text-charcoal sm:text-4xl">
                  {item.slug ? (
                    <Link
                      to={articlePath(item.slug)}
                      tabIndex={i === index ? undefined : -1}
                      className="underline-offset-4 hover:underline"
                    >
                      {item.title}
                    </Link>
                  ) : (
                    item.title
                  )}
                </h3>
                <p className="mt-5 line-clamp-3 leading-relaxed text-stone-600 sm:text-lg">{item.content}</p>
              </article>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-8 flex items-center justify-center gap-4">
        <button type="button" aria-label="Previous" onClick={() => go(-1)} className="carousel-arrow">
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <Dots count={count} current={index} onSelect={setIndex} />
        <button type="button" aria-label="Next" onClick={() => go(1)} className="carousel-arrow">
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
