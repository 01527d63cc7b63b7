import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DocumentTitle } from '../app/DocumentTitle';
import type { PageProps } from '../app/pageProps';
import { WithPageData } from '../app/WithPageData';
import { CaseStudyView } from '../components/caseStudy/CaseStudyView';
import { primePageData } from '../lib/pageData';
import { projectPath } from '../lib/projects';
import { useSite, useSiteData } from '../lib/content';
import type { PageData } from '../lib/site';
import NotFound from './NotFound';

export default function CaseStudy({ routeKey }: PageProps) {
  return <WithPageData>{(data) => <Study data={data} routeKey={routeKey} />}</WithPageData>;
}

function Study({ data, routeKey }: { data: PageData; routeKey: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const project = data.project;
  const site = useSite();
  const { firstPath } = useSiteData();
  // A slug the project had before answers with the project: show it at its address. The first page
  // is left alone: the server redirected it already, and a draft's preview keeps its own link.
  const renamed = Boolean(project && routeKey && project.slug !== routeKey && pathname !== firstPath);
  useEffect(() => {
    if (!renamed || !project) return;
    // The data is the project's own: the new address shows it without asking again.
    primePageData(projectPath(project.slug), data);
    navigate(projectPath(project.slug), { replace: true });
  }, [renamed, project, data, navigate]);
  if (!project) return <NotFound />;
  return (
    <>
      <DocumentTitle title={`${project.title} Project`} />
      <CaseStudyView project={project} phone={site.phone} />
    </>
  );
}
