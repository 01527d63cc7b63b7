import type { ProjectSummary } from './site';

/** The case study's address (the route table's `/portfolio/{slug}` pattern). */
export function projectPath(slug: string): string {
  return `/portfolio/${slug}`;
}

/** A cover's alt text: the project names what the picture shows (the record has no alt for its cover). */
export function coverAlt(project: Pick<ProjectSummary, 'title' | 'category'>): string {
  return project.category ? `${project.title}, ${project.category} project` : project.title;
}
