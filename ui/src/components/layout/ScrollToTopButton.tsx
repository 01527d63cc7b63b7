import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../lib/motion';

const SHOW_AFTER_PX = 500;
/** From this width the button sits in the page's margin and covers no text. */
const WIDE_PX = 1280;

/**
 * Past 500 px (SPEC §2). Narrower than 1280 px, only while the reader is heading back up: there is
 * no margin for the button to sit in, and while the reader scrolls down, reading, it would cover
 * the text. From 1280 px SPEC's rule alone: it sits in the margin.
 */
function useWayUp(threshold: number): boolean {
  // Read after mount: the server renders the top of the page, and hydration must match it.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let goingUp = false;
    const update = () => {
      const y = window.scrollY;
      if (y !== last) goingUp = y < last;
      last = y;
      setShown((goingUp || window.innerWidth >= WIDE_PX) && y > threshold);
    };
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return shown;
}

export function ScrollToTopButton() {
  const visible = useWayUp(SHOW_AFTER_PX);

  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
      // `invisible` also takes the hidden button out of the tab order.
      className={`fixed right-5 bottom-5 z-40 grid size-12 place-items-center rounded-full bg-brass-600 text-white shadow-lg ring-1 ring-ivory/30 transition duration-300 hover:bg-brass-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brass-600 md:right-8 md:bottom-8 ${
        visible ? 'visible translate-y-0 opacity-100' : 'invisible translate-y-3 opacity-0'
      }`}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
