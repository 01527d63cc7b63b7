import { useSiteRecord } from '../../lib/content';

/** The '15+ Years Experience' badge set on founder photos (footer, about section, founder page). */
export function ExperienceBadge({ className = '' }: { className?: string }) {
  const { experience } = useSiteRecord();
  return (
    <p className={`bg-ivory px-6 py-4 text-charcoal shadow-lg ${className}`}>
      <span className="block font-display text-4xl leading-none font-semibold">{experience}</span>{' '}
      <span className="mt-1 block text-xs font-semibold tracking-[0.2em] uppercase">Experience</span>
    </p>
  );
}
