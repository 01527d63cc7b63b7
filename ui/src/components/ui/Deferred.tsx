import type { ComponentChildren } from 'preact';
import { Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle';

interface Props {
  /** Usually a lazy component: its chunk is only requested once the browser is idle. */
  children: ComponentChildren;
  /** Holds the space of what is coming, so that nothing on screen moves when it arrives. */
  placeholder: ComponentChildren;
}

/**
 * Renders `children` once the first screen has painted and the browser is idle, so that what lies
 * below the fold costs nothing on the first load.
 */
export function Deferred({ children, placeholder }: Props) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : <>{placeholder}</>;
}
