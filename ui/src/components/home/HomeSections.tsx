import { Link } from 'react-router-dom';
import { ClientMarquee } from './ClientMarquee';
import { FounderTeaser } from './FounderTeaser';
import { NewsCarousel, newsByDate } from './NewsCarousel';
import { PortfolioTeaser } from './PortfolioTeaser';
import { ServicesBlock } from './ServicesBlock';
import { WhyChoose } from './WhyChoose';
import { ServicesGrid } from '../services/ServicesGrid';
import { RichText } from '../ui/RichText';
import { SectionHeading } from '../ui/SectionHeading';
import { usePage } from '../../lib/content';
import { JOURNAL_PATH } from '../../lib/journal';
import type { NewsItem, ProjectSummary } from '../../lib/site';

/**
 * Everything on the home page below the hero, in its own chunk: the hero fills the first screen,
 * so none of this is needed to paint it (pages/Home.tsx loads it once the browser is idle).
 */
export default function HomeSections({ projects, news }: { projects: ProjectSummary[]; news: NewsItem[] }) {
  const home = usePage('home');
  return (
    <>
      <PortfolioTeaser projects={projects} />

      <section aria-labelledby="home-services" className="section bg-sand/60">
        <div className="container-page">
          <SectionHeading id="home-services" eyebrow={home.services.eyebrow} title="Our Services" lead={<RichText text={home.services.lead} />} />
          <div className="mt-14 lg:mt-20">
            <ServicesGrid />
          </div>
          <WhyChoose />
        </div>
      </section>

      <section aria-labelledby="home-clients" className="section bg-ivory">
        <div className="container-page">
          <SectionHeading id="home-clients" eyebrow={home.clients.eyebrow} title="Trusted by Leading Brands" />
        </div>
        <div className="mt-14">
          <ClientMarquee rows={[home.clients.rowOne, home.clients.rowTwo]} />
        </div>
      </section>

      {news.length > 0 && (
      <section aria-labelledby="home-news" className="section bg-sand/60">
        <div className="container-page">
          <SectionHeading id="home-news" eyebrow={home.news.eyebrow} title="News & Thoughts" lead={<RichText text={home.news.lead} />} />
          <div className="mt-14">
            <NewsCarousel items={newsByDate(news)} />
          </div>
          <div className="mt-10 text-center">
            {/* SPEC §2 left the button without an action; it leads to the journal (issue 32, README). */}
            <Link to={JOURNAL_PATH} className="btn btn-outline">
              View All Updates
            </Link>
          </div>
        </div>
      </section>
      )}

      <FounderTeaser />

      <ServicesBlock />
    </>
  );
}
