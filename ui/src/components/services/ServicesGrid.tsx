import { ArrowRight, Building2, FileText, House, Lamp, MessageCircle, Ruler, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { serviceRoutes } from '../../app/routes';
import { usePage } from '../../lib/content';
import { RichText } from '../ui/RichText';

// Imported one by one so that only these six icons reach the bundle; in the order of the service
// routes, as the cards are (SPEC §3 names the icons).
const icons: LucideIcon[] = [House, MessageCircle, FileText, Ruler, Lamp, Building2];

interface Props {
  /** Heading level of each card title within the page's outline. */
  as?: 'h2' | 'h3';
}

/** The six service cards (icon, title, description, 'Learn More'), on the home page and /services. */
export function ServicesGrid({ as: Title = 'h3' }: Props) {
  const { cards } = usePage('services');
  // SPEC §9: up to six cards, one per service page, each linking to its route.
  const shown = serviceRoutes.flatMap((route, i) => {
    const card = cards[i];
    const Icon = icons[i];
    return card && Icon ? [{ route, card, Icon }] : [];
  });
  return (
    <ul className="grid gap-px overflow-hidden rounded-sm border border-sand-200 bg-sand-200 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map(({ route, card, Icon }) => (
        <li key={route.path} className="group flex flex-col bg-ivory p-8 transition-colors duration-300 hover:bg-white lg:p-10">
          <span className="grid size-14 place-items-center rounded-full border border-brass-500/40 text-brass-600 transition-colors duration-300 group-hover:bg-brass-600 group-hover:text-white">
            <Icon aria-hidden="true" className="size-6" strokeWidth={1.5} />
          </span>
          <Title className="mt-7 font-display text-2xl leading-snug text-charcoal">{card.title}</Title>
          <p className="mt-3 flex-1 leading-relaxed text-stone-600">
            <RichText text={card.description} />
          </p>
          <Link
            to={route.path}
            className="-mb-3.5 mt-3.5 inline-flex items-center gap-2 self-start py-3.5 text-xs font-semibold tracking-[0.2em] text-brass-700 uppercase hover:text-charcoal"
          >
            Learn More<span className="sr-only">: {card.title}</span>
            <ArrowRight aria-hidden="true" className="size-4 transition-transform duration-300 group-hover:translate-x-1" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
