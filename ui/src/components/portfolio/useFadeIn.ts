import { useLayoutEffect, type RefObject } from 'react';
import { prefersReducedMotion } from '../../lib/motion';

/**
 * Fades the element in over `durationMs` whenever `key` changes (and on mount). The Web
 * Animations API needs no keyframes in the shared stylesheet and leaves no class behind.
 */
export function useFadeIn(ref: RefObject<HTMLElement | null>, key: string, durationMs: number) {
  useLayoutEffect(() => {
    const element = ref.current;
    // happy-dom and very old browsers lack element.animate: they simply show the content.
    if (!element || typeof element.animate !== 'function' || prefersReducedMotion()) return;
    const animation = element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: durationMs, easing: 'ease-out' });
    // Cancelling rejects `finished`; nobody waits on it, so the rejection is expected, not an error.
    animation.finished?.catch(() => {});
    return () => animation.cancel();
  }, [ref, key, durationMs]);
}
