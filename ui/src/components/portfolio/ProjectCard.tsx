import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { coverAlt, projectPath } from '../../lib/projects';
import type { ProjectSummary } from '../../lib/site';
import { Picture } from '../ui/Picture';

/** Shown when a project has no category of its own (SPEC §2, portfolio tiles). */
export const DEFAULT_PROJECT_CATEGORY = 'Interior Design';

export type ProjectCardData = Pick<ProjectSummary, 'slug' | 'title' | 'category' | 'coverUrl'>;

/** The card's width at each breakpoint: one, two or three to a row. */
export const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

interface Props {
  project: ProjectCardData;
  /** Heading level of the title within the page's outline. */
  as?: 'h2' | 'h3';
  /** Only a tile in the first screenful may be eager. */
  loading?: 'lazy' | 'eager';
  className?: string;
}

/** Project tile of the home teaser and the portfolio grid: image, title, category, 'View Project' on hover. */
export function ProjectCard({ project, as: Title = 'h3', loading = 'lazy', className = '' }: Props) {
  return (
    <article className={`group relative ${className}`}>
      <div className="relative aspect-[4/3] overflow-hidden rounded-sm bg-sand-200">
        <Picture
          src={project.coverUrl}
          alt={coverAlt(project)}
          sizes={CARD_SIZES}
          width={1200}
          height={900}
          priority={loading === 'eager'}
          className="size-full object-cover transition-transform duration-700 ease-[var(--ease-calm)] group-hover:scale-105"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 grid place-items-center bg-charcoal/45 opacity-0 transition-opacity duration-300 group-focus-within:opacity-100 group-hover:opacity-100"
        >
          <span className="inline-flex items-center gap-2 border border-ivory/80 px-5 py-3 text-xs font-semibold tracking-[0.2em] text-ivory uppercase">
            View Project
            <ArrowUpRight className="size-4" />
          </span>
        </div>
      </div>
      <div className="mt-5 flex items-start justify-between gap-4">
        <div>
          <Title className="font-display text-2xl leading-tight text-charcoal">
            {/* The link covers the whole card (::after), so image and label are clickable too. */}
            <Link to={projectPath(project.slug)} className="after:absolute after:inset-0 after:content-['']">
              {project.title}
            </Link>
          </Title>
          <p className="mt-1 text-sm tracking-wide text-stone-600">{project.category || DEFAULT_PROJECT_CATEGORY}</p>
        </div>
        <ArrowUpRight
          aria-hidden="true"
          className="mt-1 size-5 shrink-0 text-brass-600 transition-transform duration-300 group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
        />
      </div>
    </article>
  );
}
