import { type MouseEvent, Suspense, lazy, useCallback, useRef, useState } from 'react';
import { largestUrl, type ViewerPhoto } from './photos';

// The viewer itself is its own chunk, fetched on the first tap on a photo: no page's first load
// carries it (scripts/budget). Never rendered on the server, so React's own `lazy` will do.
const PhotoViewer = lazy(() => import('./PhotoViewer'));

export type { ViewerPhoto } from './photos';

/** What a photo's link needs: where it leads without JavaScript, and the tap that opens the viewer. */
export interface ViewerLinkProps {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  'aria-haspopup': 'dialog';
  ref: (element: HTMLAnchorElement | null) => void;
}

/**
 * A full-screen viewer over `photos`. Each photo is wrapped in `<a {...linkProps(i)}>`: a link to
 * its largest variant (JavaScript off), which opens the viewer at that photo; `viewer` is rendered
 * anywhere in the page. Closing returns focus to the link of the photo last shown.
 */
export function usePhotoViewer(photos: ViewerPhoto[]) {
  const [open, setOpen] = useState<number | null>(null);
  const links = useRef(new Map<number, HTMLAnchorElement>());

  const linkProps = (index: number): ViewerLinkProps => ({
    href: largestUrl(photos[index]?.url ?? ''),
    'aria-haspopup': 'dialog',
    ref: (element) => {
      if (element) links.current.set(index, element);
      else links.current.delete(index);
    },
    onClick: (event) => {
      // A new tab or window (modifier keys, middle button) gets the photo itself.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      setOpen(index);
    },
  });

  const close = useCallback((shown: number) => {
    setOpen(null);
    links.current.get(shown)?.focus();
  }, []);

  const viewer =
    open === null ? null : (
      <Suspense fallback={null}>
        <PhotoViewer photos={photos} start={open} onClose={close} />
      </Suspense>
    );
  return { linkProps, viewer };
}
