import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useFounder, useFounderPath, usePage } from '../../lib/content';
import { RichText } from '../ui/RichText';
import { Slideshow } from '../carousels/Slideshow';

/** SPEC §9: the home page's founder slideshow advances every 3 s. */
export const HOME_SLIDESHOW_MS = 3000;

export function FounderTeaser() {
  const teaser = usePage('home').founder;
  const { slides, title } = usePage('founder');
  const { name } = useFounder();
  const founderPath = useFounderPath();
  return (
    <section aria-labelledby="home-founder" className="section overflow-hidden bg-charcoal text-ivory">
      <div className="container-page grid items-center gap-12 lg:grid-cols-12 lg:gap-16">
        <Slideshow photos={slides} intervalMs={HOME_SLIDESHOW_MS} label={`${name} at work`} className="lg:col-span-7" />
        <div className="lg:col-span-5">
          <p className="eyebrow-light">{teaser.eyebrow}</p>
          <h2 id="home-founder" className="section-title mt-4 text-ivory">
            {name}
          </h2>
          <p className="mt-3 text-sm font-semibold tracking-[0.2em] text-ivory/70 uppercase">{title}</p>
          <span aria-hidden="true" className="mt-6 block h-px w-16 bg-brass-500" />
          <p className="mt-6 text-lg leading-relaxed text-ivory/80">
            <RichText text={teaser.lead} />
          </p>
          <Link to={founderPath} className="btn btn-light mt-10">
            {teaser.cta}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
