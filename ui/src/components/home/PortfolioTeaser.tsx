import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { portfolioTeaser } from '../../content/home';
import type { ProjectSummary } from '../../lib/site';
import { ProjectCard } from '../portfolio/ProjectCard';
import { SectionHeading } from '../ui/SectionHeading';

/** 'Our Complete Portfolio': the first three published projects, in order, and the way to the rest. */
export function PortfolioTeaser({ projects: all }: { projects: ProjectSummary[] }) {
  const projects = all.slice(0, portfolioTeaser.count);
  return (
    <section aria-labelledby="home-portfolio" className="section bg-ivory">
      <div className="container-page">
        <SectionHeading id="home-portfolio" eyebrow={portfolioTeaser.eyebrow} title={portfolioTeaser.title} lead={portfolioTeaser.lead} />
        <ul className="mt-14 grid gap-x-8 gap-y-12 sm:grid-cols-2 lg:mt-20 lg:grid-cols-3">
          {projects.map((project) => (
            <li key={project.slug}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
        <div className="mt-14 text-center lg:mt-16">
          <Link to="/portfolio" className="btn btn-outline">
            {portfolioTeaser.cta}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
