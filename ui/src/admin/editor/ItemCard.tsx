import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useReadOnly } from '../access/access';
import { ActiveBadge, buttonStyles, Card, LoadError, Loading } from '../ui';

/** One record in an editor's list: thumbnail, title, Active/Inactive, details and its actions. */
export function ItemCard({
  image,
  title,
  active,
  badge,
  children,
  actions,
}: {
  image?: { src: string; alt: string };
  title: string;
  active: boolean;
  /** In place of Active/Inactive, for records with more states (an article: Draft, Scheduled…). */
  badge?: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {image && (
        <img
          src={image.src}
          alt={image.alt}
          width={160}
          height={90}
          loading="lazy"
          className="aspect-video w-full shrink-0 rounded-sm bg-sand object-cover sm:w-40"
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-display text-2xl break-words">{title}</h3>
          {badge ?? <ActiveBadge active={active} />}
        </div>
        {children}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </Card>
  );
}

/** Opens the record's form; to a role that may not change it, the same form to read ('View'). */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const readOnly = useReadOnly();
  return (
    <button type="button" className={buttonStyles.plain} aria-label={`${readOnly ? 'View' : 'Edit'} ${name}`} onClick={onClick}>
      <Pencil aria-hidden="true" className="size-4" />
      {readOnly ? 'View' : 'Edit'}
    </button>
  );
}

/** Shows what it holds only to a role that may change the record (Publish, Unpublish…). */
export function IfCanChange({ children }: { children: ReactNode }) {
  return useReadOnly() ? null : <>{children}</>;
}

export function DeleteButton({ name, busy, onClick }: { name: string; busy: boolean; onClick: () => void }) {
  if (useReadOnly()) return null;
  return (
    <button type="button" className={buttonStyles.danger} aria-label={`Delete ${name}`} disabled={busy} onClick={onClick}>
      <Trash2 aria-hidden="true" className="size-4" />
      Delete
    </button>
  );
}

/** The list's states: loading, failed (with a retry), empty, or the list itself. */
export function ListState<T>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** 'projects' */
  what: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <LoadError what={`the ${what}`} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <Card>
        <p className="text-stone-600">{empty}</p>
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}

/** The order that puts a new record at the top of its list: new work shows first. */
export const firstOrder = (items: readonly { order: number }[] | undefined): number =>
  items && items.length > 0 ? Math.min(...items.map((item) => item.order)) - 1 : 0;

/** Lowest order first, then the oldest. */
export const byOrder = <T extends { id: number; order: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

/** The tab's main action: opens the form for a new record. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  if (useReadOnly()) return null;
  return (
    <button type="button" className="btn btn-primary" onClick={onClick}>
      <Plus aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}

/** How many records a long list loads first, and then on each 'Show more'. */
export const PAGE_SIZE = 24;

/** Under a list loaded in stretches: how many are shown, and 'Show more' for the next. */
export function ShowMore({ more, what }: { more: { loaded: number; total: number; loading: boolean; showMore: () => void } | null; what: string }) {
  if (!more) return null;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <button type="button" className={buttonStyles.plain} disabled={more.loading} onClick={more.showMore}>
        {more.loading ? 'Loading…' : `Show more ${what}`}
      </button>
      <p className="text-sm text-stone-600" aria-live="polite">
        {more.loaded} of {more.total} shown
      </p>
    </div>
  );
}
