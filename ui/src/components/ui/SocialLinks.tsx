import type { JSX } from 'preact';
import { useSite } from '../../lib/content';
import { Tooltip } from './tooltip';

type Network = 'linkedin' | 'instagram' | 'facebook';

// Simple monochrome marks drawn here: the icon set no longer ships brand logos.
const marks: Record<Network, JSX.Element> = {
  linkedin: (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-[18px]" fill="currentColor">
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.54h.06c.53-1 1.83-2.04 3.77-2.04 4.03 0 4.77 2.65 4.77 6.1V21h-4v-5.02c0-1.2-.02-2.74-1.67-2.74-1.67 0-1.93 1.3-1.93 2.65V21h-4V9.75Z" />
    </svg>
  ),
  instagram: (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-[18px]" fill="none" stroke="currentColor" stroke-width="1.8">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4.2" />
      <circle cx="17.4" cy="6.6" r="1.1" fill="currentColor" stroke="none" />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-[18px]" fill="currentColor">
      <path d="M13.5 21v-7.5h2.52l.38-2.93h-2.9V8.7c0-.85.24-1.42 1.45-1.42h1.55V4.66A20.6 20.6 0 0 0 14.24 4.5c-2.24 0-3.77 1.37-3.77 3.88v2.19H7.95v2.93h2.52V21h3.03Z" />
    </svg>
  ),
};

const networks: { key: Network; label: string }[] = [
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
];

/** The studio's LinkedIn, Instagram and Facebook (live settings), as round icon links opening in a new tab. */
export function SocialLinks({ tone = 'dark', className = '' }: { tone?: 'dark' | 'light'; className?: string }) {
  const style =
    tone === 'light'
      ? 'border-ivory/40 text-ivory hover:bg-ivory hover:text-charcoal'
      : 'border-stone-400 text-charcoal hover:border-charcoal hover:bg-charcoal hover:text-ivory';
  const site = useSite();
  return (
    <ul className={`flex gap-3 ${className}`}>
      {networks.map(({ key, label }) => (
        <li key={key}>
          <Tooltip content={label}>
            <a
              href={site.social[key]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${label} (opens in a new tab)`}
              className={`grid size-11 place-items-center rounded-full border transition-colors duration-200 ${style}`}
            >
              {marks[key]}
            </a>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}
