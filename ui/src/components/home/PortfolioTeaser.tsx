import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { usePage } from '../../lib/content';
import type { ProjectSummary } from '../../lib/site';
import { ProjectCard } from '../portfolio/ProjectCard';
import { RichText } from '../ui/RichText';
import { SectionHeading } from '../ui/SectionHeading';

/** SPEC §9: the teaser shows the first three projects. */
const TEASER_PROJECTS = 3;

/** 'Our Complete Portfolio': the first three published projects, in order, and the way to the rest. */
export function PortfolioTeaser({ projects: all }: { projects: ProjectSummary[] }) {
  const copy = usePage('home').portfolio;
  const projects = all.slice(0, TEASER_PROJECTS);
  return (
    <section aria-labelledby="home-portfolio" className="section bg-ivory">
      <div className="container-page">
        <SectionHeading id="home-portfolio" eyebrow={copy.eyebrow} title="Our Complete Portfolio" lead={<RichText text={copy.lead} />} />
        <ul className="mt-14 grid gap-x-8 gap-y-12 sm:grid-cols-2 lg:mt-20 lg:grid-cols-3">
          {projects.map((project) => (
            <li key={project.slug}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
        <div className="mt-14 text-center lg:mt-16">
          <Link to="/portfolio" className="btn btn-outline">
            View Complete Portfolio
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
