import { designProcess } from '../../content/services';

/** 'Our Design Process': the four numbered steps of SPEC §2 /services. */
export function DesignProcess() {
  return (
    <section aria-labelledby="design-process-heading" className="bg-sand/60">
      <div className="container-page section">
        <span className="eyebrow">How we work</span>
        <h2 id="design-process-heading" className="section-title mt-4">
          Our Design Process
        </h2>
        <p className="section-lead mt-6">
          Four clear stages, each ending in something you can see and approve before we move on.
        </p>
        <ol className="mt-14 grid gap-10 md:grid-cols-2 lg:grid-cols-4 lg:gap-8">
          {designProcess.map((step) => (
            <li key={step.number} className="border-t border-brass-500/60 pt-6">
              <span aria-hidden="true" className="font-display text-5xl text-brass-700">
                {step.number}
              </span>
              <h3 className="mt-4 font-display text-2xl text-charcoal">
                <span className="sr-only">Step {step.number}: </span>
                {step.title}
              </h3>
              <p className="mt-3 leading-relaxed text-stone-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
