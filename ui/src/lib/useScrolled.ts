import { useEffect, useState } from 'react';

/** True while the window is scrolled further than `threshold` pixels. */
export function useScrolled(threshold: number): boolean {
  // Read after mount: the server renders the top of the page, and hydration must match it.
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);

  return scrolled;
}
