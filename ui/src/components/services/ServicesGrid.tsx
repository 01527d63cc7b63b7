import { ArrowRight, Building2, FileText, House, Lamp, MessageCircle, Ruler, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { services as allServices, type Service, type ServiceIcon } from '../../content/services';

// Imported one by one so that only these six icons reach the bundle.
const icons: Record<ServiceIcon, LucideIcon> = {
  home: House,
  'message-circle': MessageCircle,
  'file-text': FileText,
  ruler: Ruler,
  lamp: Lamp,
  building: Building2,
};

/** SPEC §9: the services grid shows up to six cards. */
const MAX_SERVICES = 6;

interface Props {
  services?: Service[];
  /** Heading level of each card title within the page's outline. */
  as?: 'h2' | 'h3';
}

/** The six service cards (icon, title, description, 'Learn More'), on the home page and /services. */
export function ServicesGrid({ services = allServices, as: Title = 'h3' }: Props) {
  return (
    <ul className="grid gap-px overflow-hidden rounded-sm border border-sand-200 bg-sand-200 sm:grid-cols-2 lg:grid-cols-3">
      {services.slice(0, MAX_SERVICES).map((service) => {
        const Icon = icons[service.icon];
        return (
          <li key={service.id} className="group flex flex-col bg-ivory p-8 transition-colors duration-300 hover:bg-white lg:p-10">
            <span className="grid size-14 place-items-center rounded-full border border-brass-500/40 text-brass-600 transition-colors duration-300 group-hover:bg-brass-600 group-hover:text-white">
              <Icon aria-hidden="true" className="size-6" strokeWidth={1.5} />
            </span>
            <Title className="mt-7 font-display text-2xl leading-snug text-charcoal">{service.title}</Title>
            <p className="mt-3 flex-1 leading-relaxed text-stone-600">{service.description}</p>
            <Link
              to={service.link}
              className="mt-7 inline-flex items-center gap-2 self-start text-xs font-semibold tracking-[0.2em] text-brass-700 uppercase hover:text-charcoal"
            >
              Learn More<span className="sr-only">: {service.title}</span>
              <ArrowRight aria-hidden="true" className="size-4 transition-transform duration-300 group-hover:translate-x-1" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
