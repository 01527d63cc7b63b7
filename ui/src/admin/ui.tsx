// Small building blocks shared by the admin tabs, on the public site's design tokens.
import type { ReactNode } from 'react';
import { buttonStyles } from './styles';

export { buttonStyles, inputClass, labelClass } from './styles';

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-sm border border-sand-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>{children}</div>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        active ? 'bg-emerald-100 text-emerald-900' : 'bg-sand text-stone-600'
      }`}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}

/** Heading and one-line explanation at the top of a tab, with room for its main action. */
export function TabHeading({ id, title, lead, action }: { id: string; title: string; lead: string; action?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 id={id} className="font-display text-3xl">
          {title}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">{lead}</p>
      </div>
      {action}
    </div>
  );
}

/** A list that could not be loaded: says so and offers to try again. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Card>
      <p role="alert" className="text-sm text-red-800">
        Could not load {what}.
      </p>
      <button type="button" className={`${buttonStyles.plain} mt-3`} onClick={onRetry}>
        Try again
      </button>
    </Card>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="py-8 text-sm text-stone-600">
      Loading {what}…
    </p>
  );
}
