import { useSearchParams } from 'react-router-dom';
import { WithPageData } from '../app/WithPageData';
import { PageHero } from '../components/layout/PageHero';
import { PortfolioExplorer } from '../components/portfolio/PortfolioExplorer';
import { CATEGORY_PARAM, parseFilter } from '../components/portfolio/portfolioFilter';
import { Testimonials } from '../components/portfolio/Testimonials';
import { usePage } from '../lib/content';
import type { PageData } from '../lib/site';

export default function Portfolio() {
  return <WithPageData record="portfolio">{(data) => <PortfolioPage data={data} />}</WithPageData>;
}

function PortfolioPage({ data }: { data: PageData }) {
  const [params] = useSearchParams();
  const selected = parseFilter(params.get(CATEGORY_PARAM));
  const { hero } = usePage('portfolio');
  return (
    <>
      <PageHero hero={hero} title="Portfolio" />
      <PortfolioExplorer items={data.projects ?? []} selected={selected} view={data.portfolio} />
      <Testimonials testimonials={data.testimonials ?? []} />
    </>
  );
}
