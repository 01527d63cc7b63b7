import { ArrowRight } from 'lucide-react';
import { useSiteRecord } from '../../lib/content';
import { RichText } from '../ui/RichText';
import { SmartLink } from '../ui/SmartLink';

/** The closing call to action of a page: start a project or explore the services. */
export function ServicesBlock() {
  const block = useSiteRecord().servicesBlock;
  return (
    <section aria-labelledby="services-block" className="bg-sand">
      <div className="container-page section text-center">
        <p className="eyebrow">{block.eyebrow}</p>
        <h2 id="services-block" className="section-title mx-auto mt-4 max-w-3xl text-charcoal">
          {block.title}
        </h2>
        <p className="section-lead mx-auto mt-6">
          <RichText text={block.lead} />
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <SmartLink to={block.primary.href} className="btn btn-primary">
            {block.primary.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </SmartLink>
          <SmartLink to={block.secondary.href} className="btn btn-outline">
            {block.secondary.label}
          </SmartLink>
        </div>
      </div>
    </section>
  );
}
