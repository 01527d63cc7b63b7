import { Check, Clock, Layers, Lightbulb, Workflow, type LucideIcon } from 'lucide-react';
import { ServicesBlock } from '../components/home/ServicesBlock';
import { PageHero } from '../components/layout/PageHero';
import { SectionHeading } from '../components/ui/SectionHeading';
import {
  comprehensiveApproach,
  disciplines,
  multiHero,
  whyMultidisciplinary,
  type WhyMultiIcon,
} from '../content/multidisciplinary';

const icons: Record<WhyMultiIcon, LucideIcon> = {
  holistic: Layers,
  coordination: Workflow,
  innovation: Lightbulb,
  efficiency: Clock,
};

export default function Multidisciplinary() {
  return (
    <>
      <PageHero eyebrow={multiHero.eyebrow} title={multiHero.title} lead={multiHero.lead} image={multiHero.image} />

      <section aria-labelledby="multi-approach" className="section bg-ivory">
        <div className="container-page">
          <div className="grid gap-10 lg:grid-cols-12 lg:gap-16">
            <div className="lg:col-span-5">
              <SectionHeading id="multi-approach" align="left" eyebrow={comprehensiveApproach.eyebrow} title={comprehensiveApproach.title} />
            </div>
            <div className="space-y-5 text-lg leading-relaxed text-stone-600 lg:col-span-7 lg:pt-10">
              {comprehensiveApproach.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>

          <div className="mt-20 space-y-20 lg:mt-28 lg:space-y-28">
            {disciplines.map((discipline, i) => (
              <article key={discipline.key} aria-labelledby={`discipline-${discipline.key}`} className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
                <div className={`aspect-[4/3] overflow-hidden rounded-sm bg-sand-200 ${i % 2 === 1 ? 'lg:order-2' : ''}`}>
                  <img
                    src={discipline.image}
                    alt={discipline.alt}
                    width={1000}
                    height={750}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                </div>
                <div>
                  <span aria-hidden="true" className="font-display text-5xl text-brass-500">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  <h3 id={`discipline-${discipline.key}`} className="mt-3 font-display text-4xl text-charcoal md:text-5xl">
                    {discipline.title}
                  </h3>
                  <p className="mt-5 text-lg leading-relaxed text-stone-600">{discipline.text}</p>
                  <ul className="mt-8 grid gap-3 sm:grid-cols-2">
                    {discipline.points.map((point) => (
                      <li key={point} className="flex items-start gap-3 text-charcoal">
                        <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-brass-600" />
                        {point}
                      </li>
                    ))}
                  </ul>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="multi-why" className="section bg-charcoal text-ivory">
        <div className="container-page">
          <SectionHeading id="multi-why" light eyebrow={whyMultidisciplinary.eyebrow} title={whyMultidisciplinary.title} />
          <ul className="mt-14 grid gap-px overflow-hidden rounded-sm border border-ivory/15 bg-ivory/15 sm:grid-cols-2 lg:mt-20 lg:grid-cols-4">
            {whyMultidisciplinary.points.map((point) => {
              const Icon = icons[point.icon];
              return (
                <li key={point.title} className="bg-charcoal p-8">
                  <Icon aria-hidden="true" className="size-8 text-brass-300" strokeWidth={1.5} />
                  <h3 className="mt-6 font-display text-2xl text-ivory">{point.title}</h3>
                  <p className="mt-3 leading-relaxed text-ivory/80">{point.text}</p>
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
