import { lazy, Suspense } from 'react';
import { lazyComponent } from '../lib/lazy';
import { Outlet } from 'react-router-dom';
import { Header } from '../components/layout/Header';
import { ScrollToTopButton } from '../components/layout/ScrollToTopButton';
import { Deferred } from '../components/ui/Deferred';
import { PageFallback } from './PageFallback';
import { MAIN_ID, SkipLink } from './SkipLink';

// Below the fold on every page, so it costs nothing on the first load. Added at the end of the
// document, it moves nothing already on screen when it arrives.
const Footer = lazyComponent(() => import('../components/layout/Footer').then((m) => ({ default: m.Footer })));
// A public page only raises a toast after the visitor has acted (the contact form), long after idle.
const Toaster = lazy(() => import('../components/ui/toast').then((m) => ({ default: m.Toaster })));

/** Frame of every public page. Pages start under the fixed header themselves (heroes run behind it). */
export function Layout() {
  return (
    <>
      <SkipLink />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Deferred placeholder={null} prerender>
        <Footer />
      </Deferred>
      <ScrollToTopButton />
      <Deferred placeholder={null}>
        <Toaster />
      </Deferred>
    </>
  );
}
