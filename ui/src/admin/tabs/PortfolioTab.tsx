import { useQuery } from '@tanstack/react-query';
import { API, type AdminProject } from '../api';
import { ActiveBadge, Card, LoadError, Loading, TabHeading } from '../ui';

export function PortfolioTab() {
  const projects = useQuery<AdminProject[]>({ queryKey: [API.projects] });
  return (
    <section aria-labelledby="portfolio-heading">
      <TabHeading
        id="portfolio-heading"
        title="Portfolio"
        lead="The projects of the portfolio page, in the order the site shows them. Only active projects are shown to visitors."
      />
      {projects.isPending ? (
        <Loading what="projects" />
      ) : projects.isError ? (
        <LoadError what="the projects" onRetry={() => void projects.refetch()} />
      ) : projects.data.length === 0 ? (
        <Card>
          <p className="text-stone-600">No projects yet.</p>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Projects">
          {projects.data.map((project) => (
            <li key={project.id}>
              <Card className="h-full">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 className="font-display text-2xl">{project.title}</h3>
                  <ActiveBadge active={project.isActive} />
                </div>
                {project.description && <p className="mt-2 text-sm leading-relaxed text-stone-600">{project.description}</p>}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
