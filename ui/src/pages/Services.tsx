import { WithPageData } from '../app/WithPageData';
import { ServicesBlock } from '../components/home/ServicesBlock';
import { PageHero } from '../components/layout/PageHero';
import { DesignProcess } from '../components/services/DesignProcess';
import { OurApproach } from '../components/services/OurApproach';
import { ServicesGrid } from '../components/services/ServicesGrid';
import { RichText } from '../components/ui/RichText';
import { usePage } from '../lib/content';

export default function Services() {
  return <WithPageData record="services">{() => <ServicesPage />}</WithPageData>;
}

function ServicesPage() {
  const { hero, intro } = usePage('services');
  return (
    <>
      <PageHero hero={hero} title="Our Services" />
      <section aria-labelledby="services-heading" className="container-page section">
        <span className="eyebrow">{intro.eyebrow}</span>
        <h2 id="services-heading" className="section-title mt-4">
          {intro.title}
        </h2>
        <p className="section-lead mt-6">
          <RichText text={intro.lead} />
        </p>
        <div className="mt-14">
          <ServicesGrid />
        </div>
      </section>
      <DesignProcess />
      <OurApproach />
      {/* SPEC: the block shared with the home page closes /services. */}
      <ServicesBlock />
    </>
  );
}
