import { Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { telHref } from '../../lib/links';
import { site } from '../../lib/site';

/** The shared closing block of /services and the service pages: an invitation to get in touch. */
export function ContactCta() {
  return (
    <section aria-labelledby="contact-cta-heading" className="bg-charcoal text-ivory">
      <div className="container-page section flex flex-col gap-10 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-2xl">
          <span className="block text-xs font-semibold tracking-[0.25em] text-brass-300 uppercase">
            {site.experience} Experience
          </span>
          <h2 id="contact-cta-heading" className="mt-4 font-display text-4xl leading-tight md:text-5xl">
            Let’s create a space that feels like yours
          </h2>
          <p className="mt-6 text-lg leading-relaxed text-ivory/80">
            Tell us about your home or workplace. We reply within 24-48 hours on business days.
          </p>
        </div>
        <div className="flex flex-wrap gap-4">
          <Link to="/contact" className="btn btn-primary">
            Contact Us
          </Link>
          <a href={telHref(site.phone)} className="btn btn-light">
            <Phone aria-hidden="true" className="size-4" />
            {site.phone}
          </a>
        </div>
      </div>
    </section>
  );
}
