import { ClientMarquee } from '../components/home/ClientMarquee';
import { FounderTeaser } from '../components/home/FounderTeaser';
import { HeroSlider } from '../components/home/HeroSlider';
import { NewsCarousel } from '../components/home/NewsCarousel';
import { PortfolioTeaser } from '../components/home/PortfolioTeaser';
import { ServicesBlock } from '../components/home/ServicesBlock';
import { WhyChoose } from '../components/home/WhyChoose';
import { ServicesGrid } from '../components/services/ServicesGrid';
import { SectionHeading } from '../components/ui/SectionHeading';
import { clientRows } from '../content/clients';
import { clientsIntro, newsIntro, servicesIntro } from '../content/home';
import { newsItems } from '../content/news';
import { site } from '../lib/site';

export default function Home() {
  return (
    <>
      <HeroSlider slides={site.heroSlides} fallbackTitle={`${site.studioName}: ${site.tagline}`} />

      <PortfolioTeaser />

      <section aria-labelledby="home-services" className="section bg-sand/60">
        <div className="container-page">
          <SectionHeading id="home-services" eyebrow={servicesIntro.eyebrow} title={servicesIntro.title} lead={servicesIntro.lead} />
          <div className="mt-14 lg:mt-20">
            <ServicesGrid />
          </div>
          <WhyChoose />
        </div>
      </section>

      <section aria-labelledby="home-clients" className="section bg-ivory">
        <div className="container-page">
          <SectionHeading id="home-clients" eyebrow={clientsIntro.eyebrow} title={clientsIntro.title} />
        </div>
        <div className="mt-14">
          <ClientMarquee rows={clientRows} />
        </div>
      </section>

      <section aria-labelledby="home-news" className="section bg-sand/60">
        <div className="container-page">
          <SectionHeading id="home-news" eyebrow={newsIntro.eyebrow} title={newsIntro.title} lead={newsIntro.lead} />
          <div className="mt-14">
            <NewsCarousel items={newsItems} />
          </div>
          <div className="mt-10 text-center">
            {/* SPEC §2: 'View All Updates' has no visible action; every update is in the carousel. */}
            <button type="button" className="btn btn-outline">
              {newsIntro.cta}
            </button>
          </div>
        </div>
      </section>

      <FounderTeaser />

      <ServicesBlock />
    </>
  );
}
