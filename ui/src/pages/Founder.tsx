import { Award, GraduationCap, Quote } from 'lucide-react';
import { WithPageData } from '../app/WithPageData';
import { FounderSlideshow } from '../components/founder/FounderSlideshow';
import { ContactLines } from '../components/ui/ContactLines';
import { ExperienceBadge } from '../components/ui/ExperienceBadge';
import { RichText } from '../components/ui/RichText';
import { SectionHeading } from '../components/ui/SectionHeading';
import { SmartLink } from '../components/ui/SmartLink';
import { SocialLinks } from '../components/ui/SocialLinks';
import { FOUNDER_VALUES } from '../content/structure';
import { useFounder, usePage } from '../lib/content';

export default function Founder() {
  return <WithPageData record="founder">{() => <FounderPage />}</WithPageData>;
}

function FounderPage() {
  const founder = usePage('founder');
  const { name } = useFounder();
  const { title, intro, cta, expertise, education, philosophy, connectLead } = founder;
  return (
    <>
      <section aria-labelledby="founder-title" className="bg-sand/60 pt-header">
        <div className="container-page grid items-center gap-12 py-16 lg:grid-cols-12 lg:gap-16 lg:py-24">
          <div className="lg:col-span-5">
            <h1 id="founder-title" className="text-charcoal">
              <span className="eyebrow">{title}</span>
              <span className="mt-4 block font-display text-5xl leading-[1.05] font-medium sm:text-6xl lg:text-7xl">{name}</span>
            </h1>
            <span aria-hidden="true" className="mt-6 block h-px w-16 bg-brass-500" />
            <p className="mt-6 text-lg leading-relaxed text-stone-600">
              <RichText text={intro} />
            </p>
            <div className="mt-10 flex flex-wrap items-center gap-6">
              <SmartLink to={cta.href} className="btn btn-primary">
                {cta.label}
              </SmartLink>
              <ExperienceBadge className="!shadow-none ring-1 ring-sand-200" />
            </div>
          </div>
          <FounderSlideshow className="lg:col-span-7" />
        </div>
      </section>

      <section aria-labelledby="founder-expertise" className="section bg-ivory">
        <div className="container-page">
          <SectionHeading id="founder-expertise" eyebrow={expertise.eyebrow} title="Professional Expertise" />
          <ul className="mt-14 grid gap-px overflow-hidden rounded-sm border border-sand-200 bg-sand-200 sm:grid-cols-2 lg:mt-20 lg:grid-cols-3">
            {expertise.items.map((item, i) => (
              <li key={i} className="bg-ivory p-8 lg:p-10">
                <span aria-hidden="true" className="font-display text-3xl text-brass-600">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3 className="mt-4 font-display text-2xl text-charcoal">{item.title}</h3>
                <p className="mt-3 leading-relaxed text-stone-600">
                  <RichText text={item.text} />
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="founder-education" className="section bg-sand/60">
        <div className="container-page grid gap-12 lg:grid-cols-12 lg:gap-16">
          <div className="lg:col-span-5">
            <SectionHeading id="founder-education" align="left" eyebrow={education.eyebrow} title="Education & Credentials" />
          </div>
          <ul className="divide-y divide-sand-200 border-y border-sand-200 lg:col-span-7">
            {education.items.map((item, i) => {
              const Icon = i < 2 ? GraduationCap : Award;
              return (
                <li key={i} className="flex gap-5 py-6">
                  <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-brass-600" strokeWidth={1.5} />
                  <div>
                    <h3 className="font-display text-2xl text-charcoal">{item.title}</h3>
                    <p className="mt-1 text-stone-600">{item.detail}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="founder-philosophy" className="section bg-charcoal text-ivory">
        <div className="container-page">
          <h2 id="founder-philosophy" className="eyebrow-light text-center">
            Design Philosophy
          </h2>
          <figure className="mx-auto mt-10 max-w-4xl text-center">
            <Quote aria-hidden="true" className="mx-auto size-10 text-brass-300" strokeWidth={1.25} />
            <blockquote className="mt-6 font-display text-3xl leading-snug text-ivory italic sm:text-4xl lg:text-5xl">
              “<RichText text={philosophy.quote} />”
            </blockquote>
            <figcaption className="mt-8 text-sm font-semibold tracking-[0.2em] text-ivory/70 uppercase">{name}</figcaption>
          </figure>
          <ul className="mt-16 grid gap-6 lg:mt-20 lg:grid-cols-3 lg:gap-8">
            {FOUNDER_VALUES.map((value, i) => (
              <li key={value} className="border border-ivory/15 p-8">
                <h3 className="font-display text-2xl text-brass-300">{value}</h3>
                <p className="mt-3 leading-relaxed text-ivory/80">
                  <RichText text={philosophy.values[i]?.text ?? ''} />
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="founder-connect" className="section bg-ivory">
        <div className="container-page">
          <div className="mx-auto max-w-3xl border border-sand-200 bg-white p-8 text-center sm:p-14">
            <h2 id="founder-connect" className="section-title text-charcoal">
              Connect with {name}
            </h2>
            <p className="section-lead mx-auto mt-6">
              <RichText text={connectLead} />
            </p>
            <div className="mt-10 flex flex-col items-center gap-8">
              <ContactLines className="text-lg" />
              <SocialLinks />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
