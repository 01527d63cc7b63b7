import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { servicesBlock } from '../../content/home';

/** The closing call to action of a page: start a project or explore the services. */
export function ServicesBlock() {
  return (
    <section aria-labelledby="services-block" className="bg-sand">
      <div className="container-page section text-center">
        <p className="eyebrow">{servicesBlock.eyebrow}</p>
        <h2 id="services-block" className="section-title mx-auto mt-4 max-w-3xl text-charcoal">
          {servicesBlock.title}
        </h2>
        <p className="section-lead mx-auto mt-6">{servicesBlock.lead}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <Link to={servicesBlock.primary.to} className="btn btn-primary">
            {servicesBlock.primary.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          <Link to={servicesBlock.secondary.to} className="btn btn-outline">
            {servicesBlock.secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
