import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { keepFocusAmong } from '../../lib/focusTrap';
import { telHref } from '../../lib/links';
import { useSite } from '../../lib/content';
import { Logo } from './Logo';
import { mainNav } from './navigation';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * Full-screen slide-in menu. Rendered outside the header: the header's backdrop-filter would
 * otherwise become the containing block of this fixed panel.
 */
export function MobileMenu({ id, open, onClose }: Props) {
  const site = useSite();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key === 'Tab') keepFocusInside(event);
    };
    const keepFocusInside = (event: KeyboardEvent) => {
      const items = panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE);
      if (items) keepFocusAmong(event, items);
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, onClose]);

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      // `invisible` hides the closed panel from assistive technology and the tab order. It must
      // apply at once on opening (a hidden button cannot take focus) and only after the slide-out.
      className={`fixed inset-0 z-[60] flex flex-col bg-charcoal text-ivory lg:hidden ${
        open
          ? 'visible translate-x-0 [transition:transform_300ms_ease-out]'
          : 'invisible translate-x-full [transition:transform_300ms_ease-out,visibility_0s_300ms]'
      }`}
    >
      <div className="container-page flex h-header items-center justify-between gap-6">
        <Logo onNavigate={onClose} />
        <button
          ref={closeButton}
          type="button"
          aria-label="Close menu"
          onClick={onClose}
          className="-mr-2 grid size-11 place-items-center rounded-sm"
        >
          <X aria-hidden="true" className="size-6" />
        </button>
      </div>
      <nav aria-label="Main" className="container-page flex-1 overflow-y-auto py-8">
        <ul className="space-y-2">
          {mainNav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                onClick={onClose}
                className="block py-2 font-display text-3xl aria-[current=page]:text-brass-300"
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="container-page space-y-1 border-t border-ivory/15 py-6 text-sm text-ivory/80">
        <a href={telHref(site.phone)} className="block">
          {site.phone}
        </a>
        <a href={`mailto:${site.email}`} className="block">
          {site.email}
        </a>
      </div>
    </div>
  );
}
