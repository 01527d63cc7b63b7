import { ArrowLeft, Check, Download } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ServicePage } from '../../content/servicePages';

/** One service page (SPEC §2 "Service pages"), driven entirely by its record. */
export function ServiceDetail({ page }: { page: ServicePage }) {
  const { download } = page;
  return (
    <>
      <section className="bg-sand/60 pt-header">
        <div className="container-page grid items-center gap-12 py-14 lg:grid-cols-2 lg:gap-16 lg:py-20">
          <div>
            <Link
              to="/services"
              className="inline-flex items-center gap-2 text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase hover:text-charcoal"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Services
            </Link>
            <span className="eyebrow mt-10">{page.eyebrow}</span>
            <h1 className="mt-4 font-display text-5xl leading-none text-charcoal md:text-6xl">{page.title}</h1>
            <p className="section-lead mt-6">{page.lead}</p>
            <div className="mt-10 flex flex-wrap gap-4">
              {download ? (
                // SPEC: the brochure button only explains that the download is a placeholder.
                <button type="button" className="btn btn-primary" onClick={() => window.alert(download.notice)}>
                  <Download aria-hidden="true" className="size-4" />
                  {download.label}
                </button>
              ) : null}
              <Link to="/contact" className={download ? 'btn btn-outline' : 'btn btn-primary'}>
                Contact Us
              </Link>
            </div>
          </div>
          <div className="aspect-[4/3] overflow-hidden rounded-sm bg-sand-200">
            <img
              src={page.image.src}
              alt={page.image.alt}
              width={1200}
              height={900}
              fetchPriority="high"
              decoding="async"
              className="size-full object-cover"
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="service-included" className="container-page section">
        <div className="grid gap-14 lg:grid-cols-3 lg:gap-16">
          <div className="lg:col-span-2">
            {page.body.map((paragraph) => (
              <p key={paragraph} className="mb-6 text-lg leading-relaxed text-stone-600 first:text-xl first:text-charcoal">
                {paragraph}
              </p>
            ))}
            <h2 id="service-included" className="mt-12 font-display text-3xl text-charcoal md:text-4xl">
              {page.includedTitle}
            </h2>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2">
              {page.included.map((item) => (
                <li key={item} className="flex gap-3 leading-relaxed text-charcoal">
                  <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-brass-600" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <aside aria-label="At a glance" className="self-start rounded-sm border border-sand-200 bg-white p-8">
            <dl className="space-y-6">
              {page.facts.map((fact) => (
                <div key={fact.label}>
                  <dt className="text-xs font-semibold tracking-[0.2em] text-brass-700 uppercase">{fact.label}</dt>
                  <dd className="mt-2 leading-relaxed text-charcoal">{fact.value}</dd>
                </div>
              ))}
            </dl>
          </aside>
        </div>
      </section>

      <section aria-labelledby="service-steps" className="border-t border-sand-200 bg-white">
        <div className="container-page section">
          <h2 id="service-steps" className="section-title">
            How It Works
          </h2>
          <ol className="mt-12 grid gap-10 md:grid-cols-2 lg:grid-cols-4 lg:gap-8">
            {page.steps.map((step, i) => (
              <li key={step.title} className="border-t border-brass-500/60 pt-6">
                <span aria-hidden="true" className="font-display text-4xl text-brass-700">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3 className="mt-3 font-display text-2xl text-charcoal">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-stone-600">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
