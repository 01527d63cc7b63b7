import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import schemaJson from '../../content/pageSchema.json';
import { slug as slugOf } from '../../lib/slug';
import { describeInvalid, type Invalid, type Schema, validate } from '../../lib/pageSchema';
import { ApiError, apiRequest, API, describeError, type AdminPage, type PageSummary } from '../api';
import { HistoryPanel } from '../editor/HistoryPanel';
import { mayLeave, useLeaveGuard } from '../editor/leaveGuard';
import { ListState } from '../editor/ItemCard';
import { toastFailure, toastSuccess } from '../feedback';
import { Fields } from '../pages/FieldEditor';
import { buttonStyles, Card, LoadError, Loading, TabHeading } from '../ui';

// The schema is the admin chunk's own copy: the public pages never import it.
const schema = schemaJson as Schema;

const PAGE_PARAM = 'page';
const LEAVE_QUESTION = 'You have unsaved changes on this page. Leave without saving them?';

const updated = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function formatUpdated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : updated.format(date);
}

/** The Pages tab: every fixed page's words and photos, one record each (docs/page-records.md). */
export function PagesTab() {
  const [params, setParams] = useSearchParams();
  const open = params.get(PAGE_PARAM);
  const select = (key: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key) next.set(PAGE_PARAM, key);
        else next.delete(PAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  return open ? <PageEditor key={open} pageKey={open} onClose={() => select(null)} /> : <PageList onOpen={select} />;
}

function PageList({ onOpen }: { onOpen: (key: string) => void }) {
  const query = useQuery<PageSummary[]>({ queryKey: [API.pages] });
  return (
    <section aria-labelledby="pages-heading">
      <TabHeading
        id="pages-heading"
        title="Pages"
        lead="The words and photos of every fixed page, and what every page shows (footer, badge, closing call to action)."
      />
      <ListState query={query} what="pages" empty="No pages yet.">
        {(pages) => (
          <ul className="grid gap-3" aria-label="Pages">
            {pages.map((page) => (
              <li key={page.key}>
                <Card className="flex flex-wrap items-center justify-between gap-4">
                  <div className="min-w-0">
                    <h3 className="font-display text-2xl">{page.title}</h3>
                    <p className="text-sm text-stone-600">
                      {page.path ?? 'Every page'} · last updated <time dateTime={page.updatedAt}>{formatUpdated(page.updatedAt)}</time>
                    </p>
                  </div>
                  <button type="button" className={buttonStyles.plain} aria-label={`Edit ${page.title}`} onClick={() => onOpen(page.key)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </button>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}

function PageEditor({ pageKey, onClose }: { pageKey: string; onClose: () => void }) {
  const path = `${API.pages}/${pageKey}`;
  const query = useQuery<AdminPage>({ queryKey: [path] });
  const page = schema.pages.find((p) => p.key === pageKey);
  // Remounted on each load of the record, so a reload after a conflict starts from the server's copy.
  if (!page) return <LoadError what={`the page "${pageKey}"`} onRetry={onClose} />;
  if (query.isPending) return <Loading what="the page" />;
  if (query.isError) return <LoadError what="the page" onRetry={() => void query.refetch()} />;
  return <PageForm key={`${query.data.version}-${query.dataUpdatedAt}`} record={query.data} label={page.label} fields={page.fields} onClose={onClose} />;
}

function PageForm({
  record,
  label,
  fields,
  onClose,
}: {
  record: AdminPage;
  label: string;
  fields: Schema['pages'][number]['fields'];
  onClose: () => void;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const path = `${API.pages}/${record.key}`;
  const [draft, setDraft] = useState(record.content);
  const [invalid, setInvalid] = useState<Invalid | undefined>();
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(record.content);

  useLeaveGuard(dirty, LEAVE_QUESTION);

  const leave = () => {
    if (mayLeave()) onClose();
  };

  const reload = () => {
    setConflict(null);
    void queryClient.invalidateQueries({ queryKey: [path] });
  };

  const save = async () => {
    const broken = validate(fields, draft);
    setInvalid(broken);
    if (broken) {
      toastFailure('Failed to save page', describeInvalid(broken));
      return;
    }
    setSaving(true);
    try {
      const saved = await apiRequest<AdminPage>('PUT', path, { version: record.version, content: draft });
      toastSuccess('Page saved successfully');
      queryClient.setQueryData([path], saved);
      void queryClient.invalidateQueries({ queryKey: [API.pages] });
      void queryClient.invalidateQueries({ queryKey: [`${path}/revisions`] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && /version|elsewhere/i.test(error.serverMessage ?? '')) {
        setConflict(describeError(error));
      } else if (error instanceof ApiError && error.status === 409) {
        // The only other conflict: a founder address another page already has.
        setInvalid({ path: 'slug', message: describeError(error) });
      } else if (error instanceof ApiError && error.status === 400) {
        const [at, ...rest] = (error.serverMessage ?? '').split(': ');
        if (rest.length > 0) setInvalid({ path: at ?? '', message: rest.join(': ') });
      }
      toastFailure('Failed to save page', error);
    } finally {
      setSaving(false);
    }
  };

  // The founder's name suggests its address; the owner decides whether the address follows.
  const name = typeof draft.name === 'string' ? draft.name : undefined;
  const suggested = name !== undefined ? slugOf(name) : '';
  const offerSlug = record.key === 'founder' && suggested && suggested !== draft.slug && name !== record.content.name;

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <button type="button" className={`${buttonStyles.plain} mb-4`} onClick={leave}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            All pages
          </button>
          <h2 id={headingId} className="font-display text-3xl">
            {label}
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {record.path ?? 'Shown on every page'} · version {record.version} · last updated{' '}
            <time dateTime={record.updatedAt}>{formatUpdated(record.updatedAt)}</time>
          </p>
        </div>
        {record.path && (
          <a href={record.path} target="_blank" rel="noopener" className={buttonStyles.plain}>
            <ExternalLink aria-hidden="true" className="size-4" />
            View on site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>

      {conflict && (
        <Card className="mb-6 border-red-800">
          <div role="alert">
            <p className="font-semibold">This page was changed elsewhere.</p>
            <p className="mt-1 text-sm">{conflict}</p>
          </div>
          <button type="button" className={`${buttonStyles.primary} mt-3`} onClick={reload}>
            Reload the page
          </button>
        </Card>
      )}

      <Card>
        <form
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="grid gap-5 md:grid-cols-2">
            <Fields fields={fields} value={draft} onChange={setDraft} path="" invalidPath={invalid?.path} />
            {offerSlug && (
              <div className="rounded-sm bg-sand p-3 md:col-span-2">
                <p className="text-sm">
                  The founder page is at /{String(draft.slug)}. Former addresses keep redirecting to the new one.
                </p>
                <button type="button" className={`${buttonStyles.plain} mt-2`} onClick={() => setDraft({ ...draft, slug: suggested })}>
                  Also change the address to /{suggested}
                </button>
              </div>
            )}
            <SearchPreview draft={draft} path={record.path} />
          </div>
          {invalid && (
            <p role="alert" className="mt-6 text-sm font-semibold text-red-800">
              {describeInvalid(invalid)}
            </p>
          )}
          <div className="mt-8 flex flex-wrap gap-3">
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save Page'}
            </button>
            <button type="button" className="btn btn-outline" disabled={!dirty} onClick={() => setDraft(record.content)}>
              Discard changes
            </button>
          </div>
        </form>
      </Card>

      <HistoryPanel
        base={path}
        noun="page"
        onRestored={(restored) => {
          queryClient.setQueryData([path], restored);
          void queryClient.invalidateQueries({ queryKey: [API.pages] });
        }}
      />
    </section>
  );
}

/** How a search engine would show the page: its SEO title, address and description. */
function SearchPreview({ draft, path }: { draft: Record<string, unknown>; path: string | null }) {
  const seo = draft.seo as { title?: string; description?: string } | undefined;
  if (!seo || !path) return null;
  return (
    <figure className="rounded-sm border border-sand-200 bg-white p-4 md:col-span-2">
      <figcaption className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Search result preview</figcaption>
      <p className="mt-2 truncate text-sm text-stone-600">{`${location.origin}${path}`}</p>
      <p className="truncate text-xl text-brass-700">{seo.title}</p>
      <p className="line-clamp-2 text-sm text-stone-700">{seo.description}</p>
    </figure>
  );
}
