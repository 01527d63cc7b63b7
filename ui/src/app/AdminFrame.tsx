import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Toaster } from '../components/ui/toast';
import { PageFallback } from './PageFallback';
import { MAIN_ID, SkipLink } from './SkipLink';

/** The admin pages are tools, not marketing pages: no site header, footer or scroll button; toasts yes. */
export function AdminFrame() {
  return (
    <>
      <SkipLink />
      {/* `admin` scopes the panel's own stylesheet (src/admin/admin.css) to what is inside it. */}
      <main id={MAIN_ID} tabIndex={-1} className="admin min-h-screen bg-sand/40 outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Toaster />
    </>
  );
}
