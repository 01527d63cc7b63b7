import { site } from '../../lib/site';

/** The '15+ Years Experience' badge set on founder photos (footer, about section, founder page). */
export function ExperienceBadge({ className = '' }: { className?: string }) {
  return (
    <p className={`bg-ivory px-6 py-4 text-charcoal shadow-lg ${className}`}>
      <span className="block font-display text-4xl leading-none font-semibold">{site.experience}</span>{' '}
      <span className="mt-1 block text-xs font-semibold tracking-[0.2em] uppercase">Experience</span>
    </p>
  );
}
