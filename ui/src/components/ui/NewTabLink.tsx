import type { ReactNode } from 'react';

/** A link to another site (WhatsApp, a social network), opened in a new tab, which it tells screen readers. */
export function NewTabLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
