import { WithPageData } from '../app/WithPageData';
import { AboutSection } from '../components/about/AboutSection';
import { ServicesBlock } from '../components/home/ServicesBlock';
import { PageHero } from '../components/layout/PageHero';
import { RichText } from '../components/ui/RichText';
import { SectionHeading } from '../components/ui/SectionHeading';
import { usePage, useSite } from '../lib/content';
import type { ProjectSummary } from '../lib/site';

export default function About() {
  return <WithPageData record="about">{(data) => <AboutPage projects={data.projects} />}</WithPageData>;
}

function AboutPage({ projects }: { projects: ProjectSummary[] | undefined }) {
  const { hero, ourStory, philosophy, missionVision } = usePage('about');
  const site = useSite();
  return (
    <>
      <PageHero hero={hero} />

      <AboutSection projects={projects ?? site.footerProjects} />

      <section aria-labelledby="about-story" className="section bg-sand/60">
        <div className="container-page grid gap-14 lg:grid-cols-12 lg:gap-16">
          <div className="lg:col-span-7">
            <SectionHeading id="about-story" align="left" eyebrow="Our Story" title={ourStory.title} />
            <div className="mt-8 space-y-5 text-lg leading-relaxed text-stone-600">
              {ourStory.paragraphs.map((paragraph, i) => (
                <p key={i}>
                  <RichText text={paragraph} />
                </p>
              ))}
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-px self-center overflow-hidden rounded-sm border border-sand-200 bg-sand-200 lg:col-span-5">
            {ourStory.stats.map((stat, i) => (
              <div key={i} className="flex flex-col-reverse bg-ivory p-6 sm:p-8">
                <dt className="mt-2 text-sm tracking-wide text-stone-600">{stat.label}</dt>
                <dd className="font-display text-5xl text-brass-700">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="about-philosophy" className="section bg-ivory">
        <div className="container-page">
          <SectionHeading
            id="about-philosophy"
            eyebrow={philosophy.eyebrow}
            title="Our Design Philosophy"
            lead={<RichText text={philosophy.lead} />}
          />
          <ol className="mt-14 grid gap-10 sm:grid-cols-2 lg:mt-20 lg:grid-cols-4 lg:gap-8">
            {philosophy.principles.map((principle, i) => (
              <li key={i} className="border-t border-sand-200 pt-8">
                <span aria-hidden="true" className="font-display text-4xl text-brass-600">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3 className="mt-4 font-display text-2xl text-charcoal">{principle.title}</h3>
                <p className="mt-3 leading-relaxed text-stone-600">
                  <RichText text={principle.text} />
                </p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="about-mission" className="section bg-charcoal text-ivory">
        <div className="container-page">
          <SectionHeading id="about-mission" light eyebrow={missionVision.eyebrow} title="Mission and Vision" />
          <div className="mt-14 grid gap-6 lg:mt-20 lg:grid-cols-2 lg:gap-8">
            {[missionVision.mission, missionVision.vision].map((block, i) => (
              <article key={i} className="border border-ivory/15 p-8 sm:p-12">
                <h3 className="font-display text-3xl text-brass-300">{block.title}</h3>
                <p className="mt-5 text-lg leading-relaxed text-ivory/85">
                  <RichText text={block.text} />
                </p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <ServicesBlock />
    </>
  );
}
