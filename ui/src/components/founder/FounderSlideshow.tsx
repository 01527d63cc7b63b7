import { useFounder, usePage } from '../../lib/content';
import { Slideshow } from '../carousels/Slideshow';

/** SPEC §9: the founder page's slideshow advances every 4 s. */
export const FOUNDER_SLIDESHOW_MS = 4000;

/** The six captioned studio photos at the top of the founder page, with clickable dots. */
export function FounderSlideshow({ className = '' }: { className?: string }) {
  const { slides } = usePage('founder');
  const { name } = useFounder();
  return <Slideshow photos={slides} intervalMs={FOUNDER_SLIDESHOW_MS} label={`${name} at work`} dots eager className={className} />;
}
