import { altOf, type HeroContent } from '../../lib/pageTypes';
import { RichText } from '../ui/RichText';

interface Props {
  /** The record's hero; `title` is given when SPEC names the page's heading. */
  hero: HeroContent;
  title?: string;
}

/**
 * The photographic opening of an inner page: the page's one h1 over its hero image (the only eager
 * image). Heroes behind a headline are atmosphere: seeded as decorative (empty alt) unless the owner
 * says the picture itself says something.
 */
export function PageHero({ hero, title = hero.title ?? '' }: Props) {
  const { eyebrow, lead, image } = hero;
  return (
    <section className="relative isolate flex min-h-[480px] items-end overflow-hidden bg-charcoal text-ivory md:min-h-[560px] lg:h-[70vh]">
      <img
        src={image.src}
        alt={altOf(image)}
        width={1920}
        height={800}
        fetchPriority="high"
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-t from-charcoal/90 via-charcoal/45 to-charcoal/55" />
      <div className="container-page pt-header pb-16 sm:pb-20">
        <p className="eyebrow-light">{eyebrow}</p>
        <h1 className="mt-4 max-w-4xl font-display text-4xl leading-[1.05] font-medium text-ivory sm:text-5xl lg:text-6xl xl:text-7xl">
          {title}
        </h1>
        {lead && (
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ivory/85">
            <RichText text={lead} />
          </p>
        )}
      </div>
    </section>
  );
}
