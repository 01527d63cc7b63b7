import type { ComponentChildren } from 'preact';
import { Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle';
import { isHydrating } from '../../lib/hydration';

interface Props {
  /** Usually a lazy component: its chunk is only requested once the browser is idle. */
  children: ComponentChildren;
  /** Holds the space of what is coming, so that nothing on screen moves when it arrives. */
  placeholder: ComponentChildren;
  /**
   * Rendered by the server too (the footer: words every page shows): the browser then hydrates it at
   * once, keeping the server's HTML in place while the chunk loads.
   */
  prerender?: boolean;
}

/**
 * Renders `children` once the first screen has painted and the browser is idle, so that what lies
 * below the fold costs nothing on the first load.
 */
export function Deferred({ children, placeholder, prerender = false }: Props) {
  const [ready, setReady] = useState(() => prerender && (import.meta.env.SSR || isHydrating()));
  useEffect(() => {
    if (!ready) return whenIdle(() => setReady(true));
  }, [ready]);
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : <>{placeholder}</>;
}
