import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return window.matchMedia?.(QUERY).matches ?? false;
}

/** Live value of the visitor's reduced-motion preference: carousels swap instead of fading. */
export function usePrefersReducedMotion(): boolean {
  // Read after mount, so that the server's HTML and the first render in the browser agree.
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.(QUERY);
    if (!query) return;
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}
