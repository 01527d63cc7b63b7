import { useSearchParams } from 'react-router-dom';
import { PageHero } from '../components/layout/PageHero';
import { PortfolioExplorer } from '../components/portfolio/PortfolioExplorer';
import { CATEGORY_PARAM, parseFilter, portfolioItems } from '../components/portfolio/portfolioFilter';
import { Testimonials } from '../components/portfolio/Testimonials';
import { site } from '../lib/site';

// Built once: the live list is read at start-up and does not change while the page is open.
const items = portfolioItems(site.projects);

export default function Portfolio() {
  const [params] = useSearchParams();
  const selected = parseFilter(params.get(CATEGORY_PARAM));
  return (
    <>
      <PageHero
        eyebrow="Our Work"
        title="Portfolio"
        lead="Homes, hotels, showrooms and kitchens across Hyderabad and South India, each designed around the people who use it."
        image="/images/pages/portfolio-hero.webp"
      />
      <PortfolioExplorer items={items} selected={selected} />
      <Testimonials />
    </>
  );
}
