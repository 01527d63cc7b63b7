import type { PageProps } from '../app/pages';
import { CaseStudyView } from '../components/caseStudy/CaseStudyView';
import { caseStudyBySlug } from '../content/caseStudies';
import { projectBySlug } from '../content/projects';
import { site } from '../lib/site';
import NotFound from './NotFound';

export default function CaseStudy({ routeKey }: PageProps) {
  const project = projectBySlug(routeKey);
  const study = caseStudyBySlug(routeKey);
  // routes.json, projects.ts and caseStudies.ts share their keys (checked by a unit test); a safety net.
  if (!project || !study) return <NotFound />;
  return <CaseStudyView project={project} study={study} phone={site.phone} />;
}
