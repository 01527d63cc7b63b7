import { Mail, Phone } from 'lucide-react';
import { telHref } from '../../lib/links';
import { useSite } from '../../lib/content';

/** The studio's phone and e-mail (live settings) as two linked lines. */
export function ContactLines({ light = false, className = '' }: { light?: boolean; className?: string }) {
  const link = light ? 'text-ivory hover:text-brass-300' : 'text-charcoal hover:text-brass-700';
  const icon = light ? 'text-brass-300' : 'text-brass-600';
  const site = useSite();
  return (
    <ul className={className}>
      <li>
        <a href={telHref(site.phone)} className={`inline-flex min-h-11 items-center gap-3 transition-colors ${link}`}>
          <Phone aria-hidden="true" className={`size-4 ${icon}`} />
          {site.phone}
        </a>
      </li>
      <li>
        <a href={`mailto:${site.email}`} className={`inline-flex min-h-11 items-center gap-3 break-all transition-colors ${link}`}>
          <Mail aria-hidden="true" className={`size-4 shrink-0 ${icon}`} />
          {site.email}
        </a>
      </li>
    </ul>
  );
}
