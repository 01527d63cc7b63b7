import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useReadOnly } from '../access/access';
import { ArrowLeft, ExternalLink, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import schemaJson from '../../content/pageSchema.json';
import { slug as slugOf } from '../../lib/slug';
import { type Invalid, type Schema, validate } from '../../lib/pageSchema';
import { ApiError, apiRequest, API, describeError, type AdminPage, type PageSummary } from '../api';
import { getAt, labelOf, pageChanges, sameValue, setAt } from '../editor/compare';
import { mergePage } from '../editor/merge';
import { ActionBar, attention, ClashPanel, focusFirstInvalid } from '../editor/RecordForm';
import { isClash } from '../editor/useCollection';
import { HistoryPanel } from '../editor/HistoryPanel';
import { mayLeave, useLeaveGuard } from '../editor/leaveGuard';
import { ListState } from '../editor/ItemCard';
import { toastFailure, toastSuccess } from '../feedback';
import { Fields, SetAtPath } from './FieldEditor';
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
  const readOnly = useReadOnly();
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
                  <button type="button" className={buttonStyles.plain} aria-label={`${readOnly ? 'View' : 'Edit'} ${page.title}`} onClick={() => onOpen(page.key)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    {readOnly ? 'View' : 'Edit'}
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
  const form = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const path = `${API.pages}/${record.key}`;
  // A role that may see the page but not change it: every field shown, none changeable, no Save.
  const readOnly = useReadOnly();
  const [draft, setDraft] = useState(record.content);
  const [invalid, setInvalid] = useState<Invalid | undefined>();
  const [attempt, setAttempt] = useState(0);
  // After a clash: the page as the other save left it, and as both saves found it; the draft keeps
  // the owner's changes and takes the other save's for the fields the owner left alone.
  const [theirs, setTheirs] = useState<AdminPage | null>(null);
  const [before, setBefore] = useState(record.content);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(record.content);
  const setAtPath = (at: string, value: unknown) => setDraft((current) => setAt(current, at, value));

  useLeaveGuard(dirty, LEAVE_QUESTION);
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(form.current);
  }, [attempt]);

  const leave = () => {
    if (mayLeave()) onClose();
  };

  const refuse = (found: Invalid) => {
    setInvalid(found);
    setAttempt((n) => n + 1);
    toastFailure(attention(1), undefined, `${labelOf(fields, found.path)}: ${found.message}`);
  };

  const save = async () => {
    const broken = validate(fields, draft);
    if (broken) {
      refuse(broken);
      return;
    }
    setInvalid(undefined);
    setSaving(true);
    try {
      // After a clash the owner has seen the other save: theirs is the version saved over ('Keep mine').
      const saved = await apiRequest<AdminPage>('PUT', path, { version: theirs?.version ?? record.version, content: draft });
      toastSuccess('Page saved successfully');
      queryClient.setQueryData([path], saved);
      void queryClient.invalidateQueries({ queryKey: [API.pages] });
      void queryClient.invalidateQueries({ queryKey: [`${path}/revisions`] });
    } catch (error) {
      if (isClash(error)) {
        try {
          const other = await apiRequest<AdminPage>('GET', path);
          const base = theirs?.content ?? record.content;
          setDraft((current) => mergePage(fields, base, current, other.content));
          setBefore(base);
          setTheirs(other);
          toastFailure('Saved elsewhere while you were editing', undefined, 'Your changes are still here: keep yours or take theirs field by field.');
        } catch (reload) {
          toastFailure('Failed to save page', reload);
        }
      } else if (error instanceof ApiError && error.status === 409) {
        // The only other conflict: a founder address another page already has.
        refuse({ path: 'slug', message: describeError(error) });
      } else if (error instanceof ApiError && error.status === 400 && (error.serverMessage ?? '').includes(': ')) {
        const [at, ...rest] = (error.serverMessage ?? '').split(': ');
        refuse({ path: at ?? '', message: rest.join(': ') });
      } else {
        toastFailure('Failed to save page', error);
      }
    } finally {
      setSaving(false);
    }
  };

  // The founder's name suggests its address; the owner decides whether the address follows.
  const name = typeof draft.name === 'string' ? draft.name : undefined;
  const suggested = name !== undefined ? slugOf(name) : '';
  const offerSlug = record.key === 'founder' && suggested && suggested !== draft.slug && name !== record.content.name;
  const theirChanges = theirs ? pageChanges(fields, before, theirs.content) : [];

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <button type="button" className={`${buttonStyles.plain} mb-4`} onClick={leave}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            All pages
          </button>
          <h2 id={headingId} className="font-display text-3xl">
            {label}
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {record.path ?? 'Shown on every page'} · last updated <time dateTime={record.updatedAt}>{formatUpdated(record.updatedAt)}</time>
          </p>
        </div>
        {record.path && (
          <a href={record.path} target="_blank" rel="noopener" className={buttonStyles.plain}>
            <ExternalLink aria-hidden="true" className="size-4" />
            View on site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>

      <Card>
        <form
          ref={form}
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {theirs && (
            <ClashPanel
              changed={theirChanges.map((change) => ({
                key: change.path,
                label: change.label,
                theirs: shortValue(change.after),
                taken: sameValue(getAt(draft, change.path), change.after),
              }))}
              onTakeTheirs={(at) => setDraft((current) => setAt(current, at, getAt(theirs.content, at)))}
            />
          )}
          <fieldset disabled={readOnly} className="mt-2 grid min-w-0 gap-5 md:grid-cols-2">
            <SetAtPath.Provider value={setAtPath}>
              <Fields fields={fields} value={draft} onChange={setDraft} path="" invalid={invalid} />
            </SetAtPath.Provider>
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
          </fieldset>
          <ActionBar dirty={dirty} saving={saving} submitLabel="Save Page" onCancel={leave} cancelLabel="Close">
            <button type="button" className={buttonStyles.plain} disabled={!dirty} onClick={() => setDraft(record.content)}>
              Discard<span className="sr-only"> changes</span>
            </button>
          </ActionBar>
        </form>
      </Card>

      <HistoryPanel
        base={path}
        noun="page"
        current={record.content}
        changesOf={(before, after) => pageChanges(fields, before, after)}
        labelOf={(at) => labelOf(fields, at)}
        onRestored={(restored) => {
          queryClient.setQueryData([path], restored);
          void queryClient.invalidateQueries({ queryKey: [API.pages] });
        }}
      />
    </section>
  );
}

/** A changed value in a line: a text as it is, a photo by its alt text, a list by its length. */
function shortValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value && typeof value === 'object') {
    const { alt, label } = value as { alt?: string; label?: string };
    return alt ?? label ?? 'changed';
  }
  return value === undefined || value === null ? '' : String(value);
}

/** How a search engine would show the page: its SEO title, address and description. */
function SearchPreview({ draft, path }: { draft: Record<string, unknown>; path: string | null }) {
  const seo = draft.seo as { title?: string; description?: string } | undefined;
  if (!seo || !path) return null;
  return (
    <figure className="min-w-0 rounded-sm border border-sand-200 bg-white p-4 md:col-span-2">
      <figcaption className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Search result preview</figcaption>
      <p className="mt-2 truncate text-sm text-stone-600">{`${location.origin}${path}`}</p>
      <p className="truncate text-xl text-brass-700">{seo.title}</p>
      <p className="line-clamp-2 text-sm text-stone-700">{seo.description}</p>
    </figure>
  );
}
