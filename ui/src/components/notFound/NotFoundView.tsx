import { Link } from 'react-router-dom';
import { PageSearch } from './PageSearch';

/**
 * What a visitor who followed an old or mistyped link sees (status 404 from the server): a plain
 * sentence, the three places most visitors want, and a search of the site's pages by title.
 */
export default function NotFoundView() {
  return (
    <div className="bg-sand pt-header">
      <section className="container-page section flex min-h-[70vh] flex-col items-start justify-center">
        <span className="eyebrow">404 · Page Not Found</span>
        <h1 className="section-title mt-4">This page isn't here</h1>
        <p className="section-lead mt-6">
          It may have moved when we rearranged the rooms, or the link lost a letter on its way to you. Everything we
          make is still here: our work, the ways we help, and the way to reach us.
        </p>
        <nav aria-label="Where to go from here" className="mt-10 flex flex-wrap gap-4">
          <Link to="/portfolio" className="btn btn-primary">
            See our portfolio
          </Link>
          <Link to="/services" className="btn btn-outline">
            Our services
          </Link>
          <Link to="/contact" className="btn btn-outline">
            Contact us
          </Link>
        </nav>
        <PageSearch />
      </section>
    </div>
  );
}
