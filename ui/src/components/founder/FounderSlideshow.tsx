import { founderSlides } from '../../content/founder';
import { site } from '../../lib/site';
import { Slideshow } from '../carousels/Slideshow';

/** SPEC §9: the founder page's slideshow advances every 4 s. */
export const FOUNDER_SLIDESHOW_MS = 4000;

/** The six captioned studio photos at the top of the founder page, with clickable dots. */
export function FounderSlideshow({ className = '' }: { className?: string }) {
  return (
    <Slideshow
      photos={founderSlides}
      intervalMs={FOUNDER_SLIDESHOW_MS}
      label={`${site.founder.name} at work`}
      dots
      eager
      className={className}
    />
  );
}
