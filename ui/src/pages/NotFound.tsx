import { Link } from 'react-router-dom';

export default function NotFound() {
  return (
    <div className="bg-sand pt-header">
      <section className="container-page section flex min-h-[70vh] flex-col items-start justify-center">
        <span className="eyebrow">Error 404</span>
        <h1 className="section-title mt-4">404 Page Not Found</h1>
        <p className="section-lead mt-6">Did you forget to add the page to the router?</p>
        <p className="mt-2 text-stone-600">The page you were looking for is not here.</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to="/" className="btn btn-primary">
            Back to the home page
          </Link>
          <Link to="/portfolio" className="btn btn-outline">
            View our portfolio
          </Link>
        </div>
      </section>
    </div>
  );
}
