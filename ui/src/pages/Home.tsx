import { lazy } from 'react';
import { PageFallback } from '../app/PageFallback';
import { WithPageData } from '../app/WithPageData';
import { HeroSlider } from '../components/home/HeroSlider';
import { Deferred } from '../components/ui/Deferred';
import { useSite } from '../lib/content';

// Not a static import: the server preloads the home page's static imports on `/`, and these
// sections are all below the full-height hero (scripts/budget counts what is preloaded).
const HomeSections = lazy(() => import('../components/home/HomeSections'));

export default function Home() {
  const site = useSite();
  return (
    <WithPageData record="home">
      {(data) => (
        <>
          <HeroSlider slides={data.heroSlides ?? []} fallbackTitle={`${site.studioName}: ${site.tagline}`} />
          {/* A screen's height held below the fold: the footer stays out of view until the sections arrive. */}
          <Deferred placeholder={<PageFallback />}>
            <HomeSections projects={data.projects ?? []} news={data.news ?? []} />
          </Deferred>
        </>
      )}
    </WithPageData>
  );
}
