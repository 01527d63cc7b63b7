import type { ReactNode } from 'react';

interface Props {
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  image: string;
}

/**
 * Image banner that opens /services, /portfolio and /contact. It runs under the translucent fixed
 * header, so its text sits low and light on a darkened image; it is the first image: eager.
 */
export function PageHero({ eyebrow, title, lead, image }: Props) {
  return (
    <section className="relative isolate flex min-h-[26rem] items-end overflow-hidden bg-charcoal md:min-h-[32rem]">
      <img
        src={image}
        alt=""
        width={1920}
        height={800}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-charcoal/90 via-charcoal/55 to-charcoal/35" />
      <div className="container-page pt-header pb-14 md:pb-20">
        <span className="block text-xs font-semibold tracking-[0.25em] text-brass-300 uppercase">{eyebrow}</span>
        <h1 className="mt-4 font-display text-5xl leading-none text-ivory md:text-7xl">{title}</h1>
        {lead ? <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ivory/85">{lead}</p> : null}
      </div>
    </section>
  );
}
