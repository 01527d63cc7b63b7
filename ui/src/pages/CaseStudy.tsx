import { DocumentTitle } from '../app/DocumentTitle';
import type { PageProps } from '../app/pageProps';
import { useOwnAddress } from '../app/useOwnAddress';
import { WithPageData } from '../app/WithPageData';
import { CaseStudyView } from '../components/caseStudy/CaseStudyView';
import { projectPath } from '../lib/projects';
import { useSite } from '../lib/content';
import type { PageData } from '../lib/site';
import NotFound from './NotFound';

export default function CaseStudy({ routeKey }: PageProps) {
  return <WithPageData>{(data) => <Study data={data} routeKey={routeKey} />}</WithPageData>;
}

function Study({ data, routeKey }: { data: PageData; routeKey: string }) {
  const project = data.project;
  const site = useSite();
  // A slug the project had before answers with the project: show it at its address.
  useOwnAddress(data, routeKey, project?.slug, projectPath);
  if (!project) return <NotFound />;
  return (
    <>
      <DocumentTitle title={`${project.title} Project`} />
      <CaseStudyView project={project} phone={site.phone} />
    </>
  );
}
