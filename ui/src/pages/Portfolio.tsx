import { useSearchParams } from 'react-router-dom';
import { WithPageData } from '../app/WithPageData';
import { PageHero } from '../components/layout/PageHero';
import { PortfolioExplorer } from '../components/portfolio/PortfolioExplorer';
import { CATEGORY_PARAM, parseFilter } from '../components/portfolio/portfolioFilter';
import { Testimonials } from '../components/portfolio/Testimonials';

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
      <WithPageData>
        {(data) => (
          <>
            <PortfolioExplorer items={data.projects ?? []} selected={selected} />
            <Testimonials testimonials={data.testimonials ?? []} />
          </>
        )}
      </WithPageData>
    </>
  );
}
