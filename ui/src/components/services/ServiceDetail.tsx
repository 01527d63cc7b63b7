import { ArrowLeft, Download } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BookConsultation } from '../booking/BookConsultation';
import { CheckList } from '../ui/CheckList';
import { Picture } from '../ui/Picture';
import { altOf, type ServicePageRecord } from '../../lib/pageTypes';
import { RichText } from '../ui/RichText';
import { contactHref } from '../../lib/projectType';

/**
 * One service page (SPEC §2 "Service pages"): its title is the route's (SPEC names the six), the
 * rest is its record.
 */
export function ServiceDetail({ title, page, projectType }: { title: string; page: ServicePageRecord; projectType?: string }) {
  const { download } = page;
  // The services that begin with a consultation (their records carry the button's words) offer to
  // book one.
  const { booking } = page;
  const file = download?.file.url ? download.file : undefined;
  return (
    <>
      <section className="bg-sand/60 pt-header">
        <div className="container-page grid items-center gap-12 py-14 lg:grid-cols-2 lg:gap-16 lg:py-20">
          <div>
            <Link
              to="/services"
              className="tap-inline gap-2 text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase hover:text-charcoal"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Services
            </Link>
            <span className="eyebrow mt-10">{page.eyebrow}</span>
            <h1 className="mt-4 font-display text-5xl leading-none text-charcoal md:text-6xl">{title}</h1>
            <p className="section-lead mt-6">
              <RichText text={page.lead} />
            </p>
            <div className="mt-10 flex flex-wrap gap-4">
              {download && file ? (
                // The owner's PDF (the server sends it as an attachment named after the studio).
                <a href={file.url} download={file.name || ''} className="btn btn-primary" data-tap="brochure">
                  <Download aria-hidden="true" className="size-4" />
                  {download.label}
                </a>
              ) : download ? (
                // SPEC: without an uploaded PDF the button only explains that the download is a placeholder.
                <button type="button" className="btn btn-primary" data-tap="brochure" onClick={() => window.alert(download.notice)}>
                  <Download aria-hidden="true" className="size-4" />
                  {download.label}
                </button>
              ) : null}
              <Link to={contactHref(projectType)} className={download ? 'btn btn-outline' : 'btn btn-primary'}>
                Contact Us
              </Link>
              {booking ? <BookConsultation words={booking} /> : null}
            </div>
          </div>
          <div className="aspect-[4/3] overflow-hidden rounded-sm bg-sand-200">
            <Picture
              src={page.image.src}
              alt={altOf(page.image)}
              sizes="(min-width: 1024px) 50vw, 100vw"
              width={1200}
              height={900}
              priority
              className="size-full object-cover"
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="service-included" className="container-page section">
        <div className="grid gap-14 lg:grid-cols-3 lg:gap-16">
          <div className="lg:col-span-2">
            {page.body.map((paragraph, i) => (
              <p key={i} className="mb-6 text-lg leading-relaxed text-stone-600 first:text-xl first:text-charcoal">
                <RichText text={paragraph} />
              </p>
            ))}
            <h2 id="service-included" className="mt-12 font-display text-3xl text-charcoal md:text-4xl">
              {page.includedTitle}
            </h2>
            <CheckList
              items={page.included}
              className="mt-8 grid gap-4 sm:grid-cols-2"
              itemClassName="flex gap-3 leading-relaxed text-charcoal"
              checkClassName="mt-1 size-5"
            />
          </div>
          <aside aria-label="At a glance" className="self-start rounded-sm border border-sand-200 bg-white p-8">
            <dl className="space-y-6">
              {page.facts.map((fact, i) => (
                <div key={i}>
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
            {page.stepsTitle}
          </h2>
          <ol className="mt-12 grid gap-10 md:grid-cols-2 lg:grid-cols-4 lg:gap-8">
            {page.steps.map((step, i) => (
              <li key={i} className="border-t border-brass-500/60 pt-6">
                <span aria-hidden="true" className="font-display text-4xl text-brass-700">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3 className="mt-3 font-display text-2xl text-charcoal">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-stone-600">
                  <RichText text={step.description} />
                </p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
