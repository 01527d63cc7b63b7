import type { PageProps } from '../app/pageProps';
import { serviceRoutes } from '../app/routes';
import { WithPageData } from '../app/WithPageData';
import { ServicesBlock } from '../components/home/ServicesBlock';
import { ServiceDetail } from '../components/services/ServiceDetail';
import { usePage } from '../lib/content';
import NotFound from './NotFound';

export default function Service({ routeKey }: PageProps) {
  return <WithPageData record={`service-${routeKey}`}>{() => <ServicePage routeKey={routeKey} />}</WithPageData>;
}

function ServicePage({ routeKey }: { routeKey: string }) {
  const route = serviceRoutes.find((r) => r.key === routeKey);
  const page = usePage(`service-${routeKey}`);
  if (!route) return <NotFound />;
  return (
    <>
      <ServiceDetail title={route.title} page={page} projectType={route.projectType} />
      <ServicesBlock />
    </>
  );
}
