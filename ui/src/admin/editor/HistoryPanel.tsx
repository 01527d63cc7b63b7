// The History of one record (a page, project, news item, testimonial or hero slide): its kept
// versions with when, who and which fields; one version's content; Restore after a confirmation,
// which saves a new version equal to it (so a restore can itself be undone).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { apiRequest, type Revision, type RevisionSummary } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { buttonStyles, Card, LoadError, Loading } from '../ui';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}

/** Every leaf of a content value as `path: text`, for reading one version. */
export function leaves(value: unknown, path = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [[path, value === null || value === undefined ? '' : String(value)]];
}

export function HistoryPanel({
  base,
  noun,
  onRestored,
}: {
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
                      Version {revision.version}
                      {i === 0 && <span className="ml-2 text-xs font-semibold text-emerald-900">(current)</span>}
                    </p>
                    <p className="text-sm text-stone-600">
                      <time dateTime={revision.savedAt}>{formatWhen(revision.savedAt)}</time> by {revision.savedBy}
                    </p>
                    {revision.changed.length > 0 && (
                      <p className="mt-1 text-xs break-words text-stone-600">Changed: {revision.changed.join(', ')}</p>
                    )}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={buttonStyles.plain}
                      aria-label={`View version ${revision.version}`}
                      onClick={() => void view(revision.version)}
                    >
                      View
                    </button>
                    {i > 0 && (
                      <button
                        type="button"
                        className={buttonStyles.plain}
                        aria-label={`Restore version ${revision.version}`}
                        onClick={() => setConfirming(revision.version)}
                      >
                        <RotateCcw aria-hidden="true" className="size-4" />
                        Restore
                      </button>
                    )}
                  </div>
                  {confirming === revision.version && (
                    <div role="alertdialog" aria-label={`Restore version ${revision.version}?`} className="w-full rounded-sm bg-sand p-3">
                      <p className="text-sm">
                        Restore version {revision.version}? The {noun} gets its content back as a new version; the current one stays in
                        the history.
                      </p>
                      <div className="mt-3 flex gap-2">
                        <button type="button" className={buttonStyles.primary} disabled={busy} onClick={() => void restore(revision.version)}>
                          Yes, restore version {revision.version}
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
          <section aria-label={`Version ${shown.version}`} className="mt-4 rounded-sm border border-sand-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="font-semibold">
                Version {shown.version}, <time dateTime={shown.savedAt}>{formatWhen(shown.savedAt)}</time> by {shown.savedBy}
              </h4>
              <button type="button" className={buttonStyles.plain} onClick={() => setShown(null)}>
                Close
              </button>
            </div>
            <dl className="mt-3 grid gap-2 text-sm">
              {leaves(shown.content).map(([path, text]) => (
                <div key={path} className="grid gap-1 sm:grid-cols-3">
                  <dt className="text-xs break-all text-stone-600">{path}</dt>
                  <dd className="break-words sm:col-span-2">{text}</dd>
                </div>
              ))}
            </dl>
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
}: {
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
        onRestored={() => {
          editor.setForm({ mode: 'closed' });
          void editor.reload();
        }}
      />
    </div>
  );
}
