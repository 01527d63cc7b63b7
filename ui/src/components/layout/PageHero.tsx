interface Props {
  eyebrow: string;
  title: string;
  lead?: string;
  image: string;
  /** Heroes behind a headline are atmosphere: empty alt unless the picture itself says something. */
  alt?: string;
}

/** The photographic opening of an inner page: the page's one h1 over its hero image (the only eager image). */
export function PageHero({ eyebrow, title, lead, image, alt = '' }: Props) {
  return (
    <section className="relative isolate flex min-h-[480px] items-end overflow-hidden bg-charcoal text-ivory md:min-h-[560px] lg:h-[70vh]">
      <img
        src={image}
        alt={alt}
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
        {lead && <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ivory/85">{lead}</p>}
      </div>
    </section>
  );
}
