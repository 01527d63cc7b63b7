import { ExternalLink, MapPin } from 'lucide-react';
import { useRef } from 'react';
import { useInView } from './useInView';

export const MAP_IMAGE = '/images/pages/map.webp';
// Close enough that the image is usually there when the visitor arrives, far enough that a visitor
// who never scrolls down never downloads it.
const PRELOAD_MARGIN = '200px';

/** A link to the address on a map service: a navigation the visitor chooses, never a request of ours. */
export function mapHref(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

interface Props {
  address: string;
  mapQuery: string;
}

/**
 * The studio's location: a bundled static map image (no third-party embed, so no request leaves
 * the site) that loads only when scrolled into view and links to the address on a map service.
 */
export function LazyMap({ address, mapQuery }: Props) {
  const frameRef = useRef<HTMLAnchorElement>(null);
  const visible = useInView(frameRef, PRELOAD_MARGIN);
  return (
    <figure>
      <a
        ref={frameRef}
        href={mapHref(mapQuery)}
        target="_blank"
        rel="noopener noreferrer"
        className="group relative block aspect-[16/9] overflow-hidden rounded-sm bg-sand-200 md:aspect-[21/9]"
      >
        {visible ? (
          <img
            src={MAP_IMAGE}
            alt={`Map of the area around the studio, ${mapQuery}`}
            width={1600}
            height={900}
            decoding="async"
            className="size-full object-cover transition-transform duration-700 group-hover:scale-[1.02]"
          />
        ) : null}
        <span className="absolute bottom-4 left-4 inline-flex items-center gap-2 rounded-sm bg-ivory px-4 py-3 text-sm font-semibold text-charcoal shadow-md">
          <MapPin aria-hidden="true" className="size-4 text-brass-600" />
          Open in Google Maps
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> (opens in a new tab)</span>
        </span>
      </a>
      <figcaption className="mt-4 text-sm text-stone-600">{address}</figcaption>
    </figure>
  );
}
