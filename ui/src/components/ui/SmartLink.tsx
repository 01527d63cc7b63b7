import type { ComponentChildren } from 'preact';
import { Link } from 'react-router-dom';

interface Props {
  to: string;
  className?: string;
  children: ComponentChildren;
}

/** Owner-entered links (hero buttons) may be routes or full URLs: routes stay in the SPA, URLs open normally. */
export function SmartLink({ to, className, children }: Props) {
  if (to.startsWith('/') && !to.startsWith('//')) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}
