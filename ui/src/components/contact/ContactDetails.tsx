import { Clock, Mail, MapPin, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { telHref } from '../../lib/links';
import { type Site, whatsappHref } from '../../lib/site';
import { NewTabLink } from '../ui/NewTabLink';

function Detail({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-5">
      <span className="grid size-12 shrink-0 place-items-center rounded-full border border-brass-500/40 text-brass-600">
        <Icon aria-hidden="true" className="size-5" strokeWidth={1.5} />
      </span>
      <div>
        <h3 className="text-xs font-semibold tracking-[0.25em] text-brass-700 uppercase">{title}</h3>
        <div className="mt-2 leading-relaxed text-charcoal">{children}</div>
      </div>
    </div>
  );
}

/** Address, administrative hours, direct lines and social links (SPEC §2 /contact), from the live settings. */
export function ContactDetails({ site, title }: { site: Site; title: string }) {
  const whatsapp = whatsappHref(site.whatsapp);
  const social = [
    { label: 'LinkedIn', href: site.social.linkedin },
    { label: 'Instagram', href: site.social.instagram },
    { label: 'Facebook', href: site.social.facebook },
  ];
  return (
    <section aria-labelledby="contact-details-heading">
      <h2 id="contact-details-heading" className="font-display text-4xl text-charcoal">
        {title}
      </h2>
      <div className="mt-10 space-y-8">
        <Detail icon={MapPin} title="Studio Address">
          <address className="not-italic whitespace-pre-line">{site.address}</address>
        </Detail>
        <Detail icon={Clock} title="Administrative Hours">
          <p>{site.hours}</p>
          <p className="text-stone-600">{site.weekend}</p>
        </Detail>
        <Detail icon={Phone} title="Direct Phone">
          <a href={telHref(site.phone)} className="tap-inline underline decoration-brass-500/50 underline-offset-4 hover:decoration-brass-500">
            {site.phone}
          </a>
        </Detail>
        <Detail icon={Mail} title="Email">
          <a
            href={`mailto:${site.email}`}
            className="tap-inline break-all underline decoration-brass-500/50 underline-offset-4 hover:decoration-brass-500"
          >
            {site.email}
          </a>
        </Detail>
        {whatsapp && (
          <Detail icon={MessageCircle} title="WhatsApp">
            <NewTabLink
              href={whatsapp}
              className="tap-inline underline decoration-brass-500/50 underline-offset-4 hover:decoration-brass-500"
            >
              Chat on WhatsApp
            </NewTabLink>
          </Detail>
        )}
      </div>
      <h3 className="mt-12 text-xs font-semibold tracking-[0.25em] text-brass-700 uppercase">Follow Us</h3>
      <ul className="mt-4 flex flex-wrap gap-3">
        {social.map(({ label, href }) => (
          <li key={label}>
            <NewTabLink
              href={href}
              className="inline-flex min-h-11 items-center rounded-full border border-stone-400 px-5 text-sm font-medium text-charcoal transition-colors hover:border-charcoal hover:bg-charcoal hover:text-ivory"
            >
              {label}
            </NewTabLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
