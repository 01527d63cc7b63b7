import { Link } from 'react-router-dom';
import { useFounder, useFounderPath, usePage } from '../../lib/content';
import { altOf } from '../../lib/pageTypes';
import { coverAlt, projectPath } from '../../lib/projects';
import type { ProjectSummary } from '../../lib/site';
import { RichText } from '../ui/RichText';
import { Picture } from '../ui/Picture';
import { ContactLines } from '../ui/ContactLines';
import { ExperienceBadge } from '../ui/ExperienceBadge';
import { SocialLinks } from '../ui/SocialLinks';

/** The founder's section of /about (SPEC §2): bio, mission, publications, contact, socials and projects. */
export function AboutSection({ projects: all }: { projects: ProjectSummary[] }) {
  const projects = all.slice(0, 4);
  const { portrait, bio, mission, publications } = usePage('founder');
  const { name } = useFounder();
  const founderPath = useFounderPath();
  return (
    <section aria-labelledby="about-founder" className="section bg-ivory">
      <div className="container-page">
        <div className="grid gap-14 lg:grid-cols-12 lg:gap-16">
          <figure className="relative lg:col-span-5">
            <div className="aspect-[4/5] overflow-hidden rounded-sm bg-sand-200">
              <Picture
                src={portrait.src}
                alt={altOf(portrait)}
                sizes="(min-width: 1024px) 40vw, 100vw"
                width={800}
                height={1000}
                className="size-full object-cover"
              />
            </div>
            <ExperienceBadge className="absolute -bottom-6 left-6 sm:left-auto sm:-right-6" />
          </figure>

          <div className="lg:col-span-7">
            <p className="eyebrow">Founder</p>
            <h2 id="about-founder" className="section-title mt-4 text-charcoal">
              <Link to={founderPath} className="tap-inline hover:text-brass-700">
                {name}
              </Link>
            </h2>
            <span aria-hidden="true" className="mt-6 block h-px w-16 bg-brass-500" />
            <div className="mt-6 space-y-5 text-lg leading-relaxed text-stone-600">
              {bio.map((paragraph, i) => (
                <p key={i}>
                  <RichText text={paragraph} />
                </p>
              ))}
            </div>

            <div className="mt-10 grid gap-10 sm:grid-cols-2">
              <div>
                <h3 className="eyebrow">Mission</h3>
                <ul className="mt-4 space-y-3 text-stone-600">
                  {mission.map((line, i) => (
                    <li key={i} className="border-l-2 border-brass-500/50 pl-4 leading-relaxed">
                      {line}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className="eyebrow">Publication</h3>
                <ul className="mt-4 space-y-3 text-stone-600">
                  {publications.map((line, i) => (
                    <li key={i} className="border-l-2 border-brass-500/50 pl-4 leading-relaxed">
                      {line}
                    </li>
                  ))}
                </ul>
              </div>
            </div>

            <div className="mt-10 flex flex-col gap-6 border-t border-sand-200 pt-8 sm:flex-row sm:items-center sm:justify-between">
              <ContactLines />
              <SocialLinks />
            </div>
          </div>
        </div>

        {projects.length > 0 && (
        <div className="mt-24">
          <h3 className="eyebrow">Projects</h3>
          <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {projects.map((project) => (
              <li key={project.slug}>
                <Link to={projectPath(project.slug)} className="group block">
                  <div className="aspect-[4/3] overflow-hidden rounded-sm bg-sand-200">
                    <Picture
                      src={project.coverUrl}
                      alt={coverAlt(project)}
                      sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                      width={1200}
                      height={900}
                      className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
                    />
                  </div>
                  <p className="mt-3 font-display text-xl text-charcoal group-hover:text-brass-700">{project.title}</p>
                </Link>
              </li>
            ))}
          </ul>
        </div>
        )}
      </div>
    </section>
  );
}
