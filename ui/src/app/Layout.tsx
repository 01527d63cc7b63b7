import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '../components/layout/Footer';
import { Header } from '../components/layout/Header';
import { ScrollToTopButton } from '../components/layout/ScrollToTopButton';
import { Toaster } from '../components/ui/toast';
import { PageFallback } from './PageFallback';
import { MAIN_ID, SkipLink } from './SkipLink';

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
      <Footer />
      <ScrollToTopButton />
      <Toaster />
    </>
  );
}
