import { routes } from '../app/routes';
import type { PageProps } from '../app/pages';

// Placeholder so the router and the other pages can be built; replaced by the page's real content.
export default function CaseStudy({ routeKey }: PageProps) {
  const title = routes.find((route) => route.page === 'caseStudy' && route.key === routeKey)?.title;
  return (
    <div className="pt-header">
      <section className="container-page section">
        <h1 className="section-title">{title}</h1>
      </section>
    </div>
  );
}
