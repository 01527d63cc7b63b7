import { Clock, Layers, Lightbulb, Workflow, type LucideIcon } from 'lucide-react';
import { WithPageData } from '../app/WithPageData';
import { ServicesBlock } from '../components/home/ServicesBlock';
import { PageHero } from '../components/layout/PageHero';
import { CheckList } from '../components/ui/CheckList';
import { Picture } from '../components/ui/Picture';
import { RichText } from '../components/ui/RichText';
import { SectionHeading } from '../components/ui/SectionHeading';
import { DISCIPLINES, WHY_MULTIDISCIPLINARY_POINTS } from '../content/structure';
import { usePage } from '../lib/content';
import { altOf } from '../lib/pageTypes';

// In the order of SPEC's four points (content/structure.ts).
const icons: LucideIcon[] = [Layers, Workflow, Lightbulb, Clock];
const disciplineIds = ['architecture', 'interior', 'visualization'];

export default function Multidisciplinary() {
  return <WithPageData record="multidisciplinary">{() => <MultidisciplinaryPage />}</WithPageData>;
}

function MultidisciplinaryPage() {
  const { hero, approach, disciplines, why } = usePage('multidisciplinary');
  return (
    <>
      <PageHero hero={hero} />

      <section aria-labelledby="multi-approach" className="section bg-ivory">
        <div className="container-page">
          <div className="grid gap-10 lg:grid-cols-12 lg:gap-16">
            <div className="lg:col-span-5">
              <SectionHeading id="multi-approach" align="left" eyebrow={approach.eyebrow} title="Comprehensive Design Approach" />
            </div>
            <div className="space-y-5 text-lg leading-relaxed text-stone-600 lg:col-span-7 lg:pt-10">
              {approach.paragraphs.map((paragraph, i) => (
                <p key={i}>
                  <RichText text={paragraph} />
                </p>
              ))}
            </div>
          </div>

          <div className="mt-20 space-y-20 lg:mt-28 lg:space-y-28">
            {DISCIPLINES.map((title, i) => {
              const discipline = disciplines[i];
              const id = `discipline-${disciplineIds[i]}`;
              if (!discipline) return null;
              return (
              <article key={id} aria-labelledby={id} className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
                <div className={`aspect-[4/3] overflow-hidden rounded-sm bg-sand-200 ${i % 2 === 1 ? 'lg:order-2' : ''}`}>
                  <Picture
                    src={discipline.image.src}
                    alt={altOf(discipline.image)}
                    sizes="(min-width: 1024px) 50vw, 100vw"
                    width={1000}
                    height={750}
                    className="size-full object-cover"
                  />
                </div>
                <div>
                  <span aria-hidden="true" className="font-display text-5xl text-brass-500">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  <h3 id={id} className="mt-3 font-display text-4xl text-charcoal md:text-5xl">
                    {title}
                  </h3>
                  <p className="mt-5 text-lg leading-relaxed text-stone-600">
                    <RichText text={discipline.text} />
                  </p>
                  <CheckList
                    items={discipline.points}
                    className="mt-8 grid gap-3 sm:grid-cols-2"
                    itemClassName="flex items-start gap-3 text-charcoal"
                    checkClassName="mt-1 size-4"
                  />
                </div>
              </article>
              );
            })}
          </div>
        </div>
      </section>

      <section aria-labelledby="multi-why" className="section bg-charcoal text-ivory">
        <div className="container-page">
          <SectionHeading id="multi-why" light eyebrow={why.eyebrow} title="Why Choose a Multidisciplinary Approach" />
          <ul className="mt-14 grid gap-px overflow-hidden rounded-sm border border-ivory/15 bg-ivory/15 sm:grid-cols-2 lg:mt-20 lg:grid-cols-4">
            {WHY_MULTIDISCIPLINARY_POINTS.map((title, i) => {
              const Icon = icons[i]!;
              return (
                <li key={title} className="bg-charcoal p-8">
                  <Icon aria-hidden="true" className="size-8 text-brass-300" strokeWidth={1.5} />
                  <h3 className="mt-6 font-display text-2xl text-ivory">{title}</h3>
                  <p className="mt-3 leading-relaxed text-ivory/80">
                    <RichText text={why.points[i]?.text ?? ''} />
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <ServicesBlock />
    </>
  );
}
