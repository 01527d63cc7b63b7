import type { PageProps } from '../app/pages';
import { ServicesBlock } from '../components/home/ServicesBlock';
import { ServiceDetail } from '../components/services/ServiceDetail';
import { servicePageByKey } from '../content/servicePages';
import NotFound from './NotFound';

export default function Service({ routeKey }: PageProps) {
  const page = servicePageByKey(routeKey);
  // routes.json and servicePages.ts share their keys (checked by a unit test); this is a safety net.
  if (!page) return <NotFound />;
  return (
    <>
      <ServiceDetail page={page} />
      <ServicesBlock />
    </>
  );
}
