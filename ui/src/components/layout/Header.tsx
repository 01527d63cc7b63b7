import { Menu } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { whenIdle } from '../../lib/idle';
import { useScrolled } from '../../lib/useScrolled';
import { Logo } from './Logo';
import { mainNav } from './navigation';

// A chunk of its own, added once the page is idle (or at the first tap): no first paint needs it,
// and neither does a visitor without JavaScript, whose header shows the main links instead.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

const SCROLLED_AFTER_PX = 20;
const MENU_ID = 'mobile-menu';

export function Header() {
  const scrolled = useScrolled(SCROLLED_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  // Not in the server's HTML: mounted closed after hydration, so that it can slide in when opened.
  const [menuMounted, setMenuMounted] = useState(false);
  const { pathname } = useLocation();
  // Stable, so the open menu's effect (focus, key handling) does not re-run on every header render.
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Also covers the browser's back and forward buttons while the menu is open.
  useEffect(closeMenu, [pathname, closeMenu]);
  useEffect(() => whenIdle(() => setMenuMounted(true)), []);

  return (
    <>
      <header
        data-scrolled={scrolled}
        className={`fixed inset-x-0 top-0 z-50 transition-[background-color,color,box-shadow] duration-300 ${
          scrolled ? 'bg-white text-charcoal shadow-md' : 'bg-charcoal/90 text-ivory backdrop-blur-md'
        }`}
      >
        <div className="container-page flex h-header items-center justify-between gap-6">
          <Logo />
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-7 xl:gap-9">
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === '/'}
                    className="nav-link text-sm font-medium tracking-wide"
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <button
            // index.html hides it when JavaScript is off (the header shows the main links instead).
            id="menu-button"
            type="button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls={menuMounted ? MENU_ID : undefined}
            onClick={() => {
              setMenuMounted(true);
              setMenuOpen(true);
            }}
            className="-mr-2 grid size-11 place-items-center rounded-sm lg:hidden"
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </header>
      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu id={MENU_ID} open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
    </>
  );
}
