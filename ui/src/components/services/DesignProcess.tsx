import { PROCESS_STEPS } from '../../content/structure';
import { usePage } from '../../lib/content';
import { RichText } from '../ui/RichText';

/** 'Our Design Process': the four numbered steps of SPEC §2 /services. */
export function DesignProcess() {
  const process = usePage('services').process;
  return (
    <section aria-labelledby="design-process-heading" className="bg-sand/60">
      <div className="container-page section">
        <span className="eyebrow">{process.eyebrow}</span>
        <h2 id="design-process-heading" className="section-title mt-4">
          Our Design Process
        </h2>
        <p className="section-lead mt-6">
          <RichText text={process.lead} />
        </p>
        <ol className="mt-14 grid gap-10 md:grid-cols-2 lg:grid-cols-4 lg:gap-8">
          {PROCESS_STEPS.map((title, i) => {
            const number = String(i + 1).padStart(2, '0');
            return (
              <li key={title} className="border-t border-brass-500/60 pt-6">
                <span aria-hidden="true" className="font-display text-5xl text-brass-700">
                  {number}
                </span>
                <h3 className="mt-4 font-display text-2xl text-charcoal">
                  <span className="sr-only">Step {number}: </span>
                  {title}
                </h3>
                <p className="mt-3 leading-relaxed text-stone-600">
                  <RichText text={process.steps[i]?.description ?? ''} />
                </p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
