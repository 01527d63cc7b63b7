import { ServicesBlock } from '../components/home/ServicesBlock';
import { PageHero } from '../components/layout/PageHero';
import { DesignProcess } from '../components/services/DesignProcess';
import { OurApproach } from '../components/services/OurApproach';
import { ServicesGrid } from '../components/services/ServicesGrid';

export default function Services() {
  return (
    <>
      <PageHero
        eyebrow="What We Do"
        title="Our Services"
        lead="Architecture and interiors for homes, workplaces and hotels: a complete service or exactly the part you need."
        image="/images/pages/services-hero.webp"
      />
      <section aria-labelledby="services-heading" className="container-page section">
        <span className="eyebrow">Services</span>
        <h2 id="services-heading" className="section-title mt-4">
          How We Can Help
        </h2>
        <p className="section-lead mt-6">
          Six ways to work with the studio, from a single conversation with an architect to a complete,
          supervised home or commercial interior.
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
