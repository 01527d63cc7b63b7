import type { ReactNode } from 'react';

interface Props {
  eyebrow?: string;
  title: string;
  /** Text, or a paragraph field's rendering (RichText). */
  lead?: ReactNode;
  /** Centered headings open a section; left-aligned ones sit beside content. */
  align?: 'center' | 'left';
  id?: string;
  as?: 'h1' | 'h2';
  /** On dark backgrounds. */
  light?: boolean;
  className?: string;
}

/** The eyebrow, serif title and lead paragraph that open every section of the site. */
export function SectionHeading({ eyebrow, title, lead, align = 'center', id, as: Title = 'h2', light = false, className = '' }: Props) {
  const centered = align === 'center';
  return (
    <div className={`${centered ? 'mx-auto text-center' : ''} max-w-3xl ${className}`}>
      {eyebrow && <p className={light ? 'eyebrow-light' : 'eyebrow'}>{eyebrow}</p>}
      <Title id={id} className={`section-title mt-4 ${light ? 'text-ivory' : 'text-charcoal'}`}>
        {title}
      </Title>
      <span aria-hidden="true" className={`mt-6 block h-px w-16 bg-brass-500 ${centered ? 'mx-auto' : ''}`} />
      {lead && <p className={`section-lead mt-6 ${centered ? 'mx-auto' : ''} ${light ? 'text-ivory/80' : ''}`}>{lead}</p>}
    </div>
  );
}
