import { Clock, HeartHandshake, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { WHY_CHOOSE_POINTS } from '../../content/structure';
import { usePage } from '../../lib/content';
import { RichText } from '../ui/RichText';

// In the order of SPEC's four points (content/structure.ts).
const icons: LucideIcon[] = [ShieldCheck, Clock, Users, HeartHandshake];

/** 'Why Choose Our Services': the four promises under the services grid. */
export function WhyChoose() {
  const whyChoose = usePage('home').whyChoose;
  return (
    <div className="mt-20 lg:mt-28">
      <div className="text-center">
        <p className="eyebrow">{whyChoose.eyebrow}</p>
        <h3 className="mt-4 font-display text-3xl text-charcoal md:text-4xl">Why Choose Our Services</h3>
      </div>
      <ul className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-4 lg:gap-8">
        {WHY_CHOOSE_POINTS.map((title, i) => {
          const Icon = icons[i]!;
          return (
            <li key={title} className="border-t border-sand-200 pt-8">
              <div className="flex items-center justify-between">
                <Icon aria-hidden="true" className="size-7 text-brass-600" strokeWidth={1.5} />
                <span aria-hidden="true" className="font-display text-2xl text-brass-600">
                  {String(i + 1).padStart(2, '0')}
                </span>
              </div>
              <h4 className="mt-6 font-display text-2xl text-charcoal">{title}</h4>
              <p className="mt-3 leading-relaxed text-stone-600">
                <RichText text={whyChoose.points[i]?.text ?? ''} />
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
