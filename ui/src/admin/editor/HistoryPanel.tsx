// The History of one record (a page, project, news item, testimonial or hero slide): its kept
// versions with who, when and which fields in the owner's words; one version compared with the
// current one; Restore after one confirmation, which saves a new version equal to it (so a restore
// can itself be undone).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useReadOnly } from '../access/access';
import { apiRequest, type Revision, type RevisionSummary } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { buttonStyles, Card, LoadError, Loading } from '../ui';
import { recordChanges, segments, wordDiff, type Change } from './compare';

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "26 Nov, 9:44 am (2 hours ago)". */
export function formatWhen(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const minutes = Math.round((date.getTime() - now) / 60_000);
  const ago =
    Math.abs(minutes) < 1
      ? 'just now'
      : Math.abs(minutes) < 60
        ? relative.format(minutes, 'minute')
        : Math.abs(minutes) < 60 * 24
          ? relative.format(Math.round(minutes / 60), 'hour')
          : relative.format(Math.round(minutes / (60 * 24)), 'day');
  return `${when.format(date)} (${ago})`;
}

/** Who saved a version, in words: the content the site came with, or the person's name. */
export function whoSaved(savedBy: string): string {
  return savedBy === 'seed' ? 'Original content' : savedBy === 'studio' ? 'The studio' : savedBy;
}

/** The comparison of one version with the current one: changed fields first, unchanged folded away. */
function Comparison({ changes, unchanged }: { changes: Change[]; unchanged: number }) {
  return (
    <div className="mt-3 grid gap-4">
      {changes.length === 0 && <p className="text-sm">This version is the same as the current one.</p>}
      {changes.map((change) => (
        <div key={change.path} className="grid gap-1 border-t border-sand-200 pt-4">
          <p className="text-sm font-semibold">{change.label}</p>
          {change.kind === 'image' ? (
            <div className="flex flex-wrap gap-3">
              <Thumb label="This version" value={change.before} />
              <Thumb label="Now" value={change.after} />
            </div>
          ) : typeof change.before === 'string' || typeof change.after === 'string' ? (
            <p className="text-sm leading-relaxed break-words" data-testid="word-diff">
              {wordDiff(String(change.before ?? ''), String(change.after ?? '')).map((part, i) =>
                part.op === 'same' ? (
                  <span key={i}>{part.text}</span>
                ) : part.op === 'removed' ? (
                  <del key={i} className="bg-red-50 text-red-800">
                    <span className="sr-only">[only in this version: </span>
                    {part.text}
                    <span className="sr-only">]</span>
                  </del>
                ) : (
                  <ins key={i} className="bg-emerald-100 text-emerald-900">
                    <span className="sr-only">[now: </span>
                    {part.text}
                    <span className="sr-only">]</span>
                  </ins>
                ),
              )}
            </p>
          ) : (
            <p className="text-sm break-words">
              This version: {plain(change.before)} · Now: {plain(change.after)}
            </p>
          )}
        </div>
      ))}
      {unchanged > 0 && (
        <details className="border-t border-sand-200 pt-4 text-sm text-stone-600">
          <summary className="min-h-11 py-2">
            {unchanged} unchanged field{unchanged === 1 ? '' : 's'}
          </summary>
          <p>The same in this version and now.</p>
        </details>
      )}
    </div>
  );
}

function plain(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value && typeof value === 'object') return JSON.stringify(value);
  return value === undefined || value === null || value === '' ? '(empty)' : String(value);
}

function Thumb({ label, value }: { label: string; value: unknown }) {
  const src = typeof value === 'string' ? value : (value as { src?: string } | undefined)?.src;
  const alt = typeof value === 'object' && value ? (value as { alt?: string }).alt : undefined;
  return (
    <figure className="grid w-30 gap-1">
      {src ? (
        <img src={src} alt={alt || `${label}: the photo`} width={120} height={90} className="aspect-[4/3] w-30 rounded-sm bg-sand object-cover" />
      ) : (
        <div className="grid aspect-[4/3] w-30 place-items-center rounded-sm bg-sand text-xs">No photo</div>
      )}
      <figcaption className="text-xs text-stone-600">{label}</figcaption>
    </figure>
  );
}

/** Every leaf of a content value, to count the fields a comparison folds away. */
function leafCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((n, item) => n + leafCount(item), 0);
  if (value && typeof value === 'object') {
    if ('src' in value || 'href' in value || 'url' in value) return 1;
    return Object.values(value).reduce<number>((n, item) => n + leafCount(item), 0);
  }
  return 1;
}

export function HistoryPanel({
  base,
  noun,
  current,
  changesOf,
  labelOf,
  onRestored,
}: {
  /** The record as it is now, to compare a version with. */
  current: unknown;
  /** What differs between two versions, by the editor's labels. */
  changesOf: (before: unknown, after: unknown) => Change[];
  /** A changed path the server names, by the editor's labels. */
  labelOf: (path: string) => string;
  /** The record's admin path: `/api/admin/pages/about`, `/api/admin/news-items/3`. */
  base: string;
  /** 'page', 'project': the toasts' and questions' words. */
  noun: string;
  /** After a restore: the record as the server now has it. */
  onRestored: (record: unknown) => void;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const listKey = `${base}/revisions`;
  const [open, setOpen] = useState(false);
  const history = useQuery<RevisionSummary[]>({ queryKey: [listKey], enabled: open });
  const [shown, setShown] = useState<Revision | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // A role that may see the record but not change it compares versions and restores none.
  const readOnly = useReadOnly();

  const view = async (version: number) => {
    try {
      setShown(await apiRequest<Revision>('GET', `${listKey}/${version}`));
    } catch (error) {
      toastFailure(`Failed to load version ${version}`, error);
    }
  };

  const restore = async (version: number) => {
    setBusy(true);
    try {
      const record = await apiRequest<unknown>('POST', `${listKey}/${version}/restore`);
      toastSuccess(`Version ${version} restored`);
      setConfirming(null);
      setShown(null);
      onRestored(record);
    } catch (error) {
      toastFailure(`Failed to restore version ${version}`, error);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [listKey] });
    }
  };

  return (
    <Card className="mt-6">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={headingId} className="font-display text-2xl">
            History
          </h3>
          <button type="button" className={buttonStyles.plain} aria-expanded={open} onClick={() => setOpen((was) => !was)}>
            <History aria-hidden="true" className="size-4" />
            {open ? 'Hide history' : 'Show history'}
          </button>
        </div>
        {open &&
          (history.isPending ? (
            <Loading what="the history" />
          ) : history.isError ? (
            <LoadError what="the history" onRetry={() => void history.refetch()} />
          ) : (
            <ol className="mt-4 divide-y divide-sand-200 border-y border-sand-200" aria-label={`Versions of this ${noun}`}>
              {history.data.map((revision, i) => (
                <li key={revision.version} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {whoSaved(revision.savedBy)}
                      {i === 0 && <span className="ml-2 text-xs font-semibold text-emerald-900">(current)</span>}
                    </p>
                    <p className="text-sm text-stone-600">
                      <time dateTime={revision.savedAt}>{formatWhen(revision.savedAt)}</time>
                    </p>
                    {revision.changed.length > 0 && (
                      <p className="mt-1 text-sm break-words text-stone-600">
                        Changed: {[...new Set(revision.changed.map(labelOf))].join('; ')}
                      </p>
                    )}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={buttonStyles.plain}
                      aria-label={`Compare the version of ${formatWhen(revision.savedAt)} with now`}
                      onClick={() => void view(revision.version)}
                    >
                      Compare
                    </button>
                    {i > 0 && !readOnly && (
                      <button
                        type="button"
                        className={buttonStyles.plain}
                        aria-label={`Restore the version of ${formatWhen(revision.savedAt)}`}
                        onClick={() => setConfirming(revision.version)}
                      >
                        <RotateCcw aria-hidden="true" className="size-4" />
                        Restore
                      </button>
                    )}
                  </div>
                  {confirming === revision.version && (
                    <div role="alertdialog" aria-label="Restore this version?" className="w-full rounded-sm bg-sand p-3">
                      <p className="text-sm">
                        Restore the version of {formatWhen(revision.savedAt)}? The {noun} gets its content back as a new version; the
                        current one stays in the history.
                      </p>
                      <div className="mt-3 flex flex-wrap gap-2">
                        <button type="button" className={buttonStyles.primary} disabled={busy} onClick={() => void restore(revision.version)}>
                          Yes, restore it
                        </button>
                        <button type="button" className={buttonStyles.plain} onClick={() => setConfirming(null)}>
                          Cancel
                        </button>
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ol>
          ))}
        {open && shown && (
          <section aria-label="This version compared with now" className="mt-4 rounded-sm border border-sand-200 p-4" data-testid="comparison">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="font-semibold">
                {whoSaved(shown.savedBy)}, <time dateTime={shown.savedAt}>{formatWhen(shown.savedAt)}</time>, compared with now
              </h4>
              <button type="button" className={buttonStyles.plain} onClick={() => setShown(null)}>
                Close
              </button>
            </div>
            <Comparison changes={changesOf(shown.content, current)} unchanged={Math.max(0, leafCount(current) - changesOf(shown.content, current).length)} />
          </section>
        )}
      </section>
    </Card>
  );
}

/**
 * The History of the record an editor has open (projects, news, testimonials, hero slides); a
 * restore closes the form, whose fields are no longer the record's, and reloads the list.
 */
export function RecordHistory<T extends { id: number }>({
  editor,
  noun,
  labels,
}: {
  /** The record's fields by the labels of its form. */
  labels: Record<string, string>;
  editor: { path: string; form: { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T }; setForm: (form: { mode: 'closed' }) => void; reload: () => Promise<void> };
  noun: string;
}) {
  const { form } = editor;
  if (form.mode !== 'edit') return null;
  return (
    <div className="mb-8">
      <HistoryPanel
        key={form.item.id}
        base={`${editor.path}/${form.item.id}`}
        noun={noun}
        current={form.item}
        changesOf={(before, after) => recordChanges(labels, before, after)}
        labelOf={(path) => labels[segments(path)[0] as string] ?? path}
        onRestored={() => {
          editor.setForm({ mode: 'closed' });
          void editor.reload();
        }}
      />
    </div>
  );
}
