import { useRef, useState, type FocusEvent } from 'react';

/**
 * Autoplay pause for a carousel: paused while the pointer is over it or keyboard focus is inside.
 * Focus that comes from a click does not count, so autoplay resumes as soon as the pointer leaves.
 */
export function usePause() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const pointerDown = useRef(false);

  const handlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onPointerDown: () => {
      pointerDown.current = true;
    },
    onFocusCapture: () => {
      setFocused(!pointerDown.current);
      pointerDown.current = false;
    },
    onBlurCapture: (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget as Node | null;
      if (!next || !event.currentTarget.contains(next)) setFocused(false);
    },
  };

  return { paused: hovered || focused, handlers };
}
