import { projectBySlug, type Project } from '../content/projects';
import { site, type SiteProject } from './site';

/** A project the server listed, joined with the bundled extras (cover image, alt text, facts) for its slug. */
export interface LiveProject extends SiteProject {
  link: string;
  image: string;
  alt: string;
  /** Year, location, filters and the rest; absent for a slug the bundle does not know. */
  facts?: Project;
}

/**
 * The projects to show, in the server's order. Only the server's list decides what appears
 * (an owner may deactivate a project); the bundle only dresses each entry.
 */
export function liveProjects(list: SiteProject[] = site.projects): LiveProject[] {
  return list.map((project) => {
    const facts = projectBySlug(project.slug);
    return {
      ...project,
      link: facts?.link ?? `/portfolio/${project.slug}`,
      image: facts?.image ?? `/images/projects/${project.slug}.webp`,
      alt: facts?.alt ?? project.title,
      facts,
    };
  });
}
