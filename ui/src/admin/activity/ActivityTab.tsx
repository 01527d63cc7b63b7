// The activity record (Owner): who did what, newest first, each entry in its sentence; filtered by
// person, kind and dates; 'Load more' for the next 50; the same filters as a CSV; and at the top
// whether the record's chain is whole.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { API, apiRequest } from '../api';
import { roleLabel } from '../access/roles';
import { formatWhen } from '../editor/HistoryPanel';
import { FieldError } from '../editor/fields';
import { toastFailure } from '../feedback';
import { downloadFrom } from '../lib/download';
import type { PeopleList } from '../people/people';
import { buttonStyles, Card, inputClass, labelClass, LoadError, Loading, TabHeading } from '../ui';
import {
  ACTIVITY_KINDS,
  activityCsvPath,
  activityPath,
  checkWords,
  csvName,
  datesProblem,
  KIND_WORDS,
  kindWords,
  NO_FILTERS,
  type ActivityCheck,
  type ActivityFilters,
  type ActivityPage,
} from './activity';

export function ActivityTab() {
  // What is typed in the filters, and what the list shows (applied with 'Show').
  const [typed, setTyped] = useState<ActivityFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [problem, setProblem] = useState<string | undefined>();
  const [downloading, setDownloading] = useState(false);

  const apply = (next: ActivityFilters) => {
    const wrong = datesProblem(next);
    setProblem(wrong);
    if (!wrong) setFilters(next);
  };
  const set = (key: keyof ActivityFilters) => (value: string) => {
    const next = { ...typed, [key]: value };
    setTyped(next);
    // A choice from a list applies at once; dates too (a phone's date picker is one tap).
    apply(next);
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFrom(activityCsvPath(filters), csvName());
    } catch (error) {
      toastFailure('The activity record could not be downloaded', error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="activity-heading">
      <TabHeading
        id="activity-heading"
        title="Activity"
        lead="Who did what, when, and from where: sign-ins, changes to people, content, enquiries and settings, and each opening of a client's details. Kept for a year."
      />
      <ChainCheck />
      <Filters typed={typed} set={set} problem={problem} onReset={() => {
        setTyped(NO_FILTERS);
        apply(NO_FILTERS);
      }} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <button type="button" className={buttonStyles.plain} disabled={downloading} onClick={() => void download()}>
          <Download aria-hidden="true" className="size-4" />
          {downloading ? 'Preparing…' : 'Download CSV'}
        </button>
        <p className="text-sm text-stone-600">With the filters above.</p>
      </div>
      <Entries filters={filters} />
    </section>
  );
}

/** "The record is whole", or where its chain breaks. */
function ChainCheck() {
  const check = useQuery<ActivityCheck>({ queryKey: [API.activityVerify], staleTime: 0 });
  if (check.isPending) return <Loading what="the check of the record" />;
  if (check.isError) {
    return (
      <p role="alert" className="mb-6 text-sm text-red-800" data-testid="activity-check">
        Could not check the record.{' '}
        <button type="button" className="min-h-11 font-semibold underline underline-offset-4" onClick={() => void check.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const whole = check.data.whole;
  return (
    <p
      role={whole ? 'note' : 'alert'}
      className={`mb-6 flex items-start gap-2 rounded-sm border p-3 text-sm ${whole ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-300 bg-red-50 font-semibold text-red-800'}`}
      data-testid="activity-check"
    >
      {whole ? <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
      <span>{checkWords(check.data)}</span>
    </p>
  );
}

function Filters({
  typed,
  set,
  problem,
  onReset,
}: {
  typed: ActivityFilters;
  set: (key: keyof ActivityFilters) => (value: string) => void;
  problem: string | undefined;
  onReset: () => void;
}) {
  const id = useId();
  const people = useQuery<PeopleList>({ queryKey: [API.accounts] });
  const accounts = people.data?.accounts ?? [];
  const select = (key: 'username' | 'kind', label: string, options: { value: string; label: string }[]) => (
    <div className="grid min-w-0 gap-2">
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <select id={`${id}-${key}`} value={typed[key]} onChange={(event) => set(key)(event.currentTarget.value)} className={inputClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  const date = (key: 'from' | 'to', label: string) => (
    <div className="grid min-w-0 gap-2">
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="date"
        value={typed[key]}
        aria-invalid={key === 'to' && problem ? true : undefined}
        aria-describedby={key === 'to' && problem ? `${id}-problem` : undefined}
        onInput={(event) => set(key)(event.currentTarget.value)}
        className={inputClass}
      />
      {key === 'to' && problem && <FieldError id={`${id}-problem`} message={problem} />}
    </div>
  );
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <Card className="mb-6">
      <form aria-label="Filter the activity" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {select('username', 'Person', [
          { value: '', label: 'Everyone' },
          ...accounts.map((account) => ({
            value: account.username,
            label: `${account.displayName || account.username} (${roleLabel(account.role)})`,
          })),
          { value: 'host', label: 'The host (server commands)' },
        ])}
        {select('kind', 'What', [{ value: '', label: 'Everything' }, ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: KIND_WORDS[kind] }))])}
        {date('from', 'From')}
        {date('to', 'To')}
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="button" className={buttonStyles.plain} onClick={onReset}>
            Clear the filters
          </button>
        </div>
      </form>
    </Card>
  );
}

function Entries({ filters }: { filters: ActivityFilters }) {
  const pages = useInfiniteQuery({
    queryKey: [API.activity, filters],
    queryFn: ({ pageParam }) => apiRequest<ActivityPage>('GET', activityPath(filters, pageParam)),
    initialPageParam: null as number | string | null,
    getNextPageParam: (last) => (last.next === null || last.next === undefined ? undefined : last.next),
    staleTime: 0,
  });
  if (pages.isPending) return <Loading what="the activity" />;
  if (pages.isError) return <LoadError what="the activity" onRetry={() => void pages.refetch()} />;
  const entries = pages.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return (
      <Card>
        <p className="text-stone-600">Nothing recorded{filters === NO_FILTERS ? ' yet' : ' for these filters'}.</p>
      </Card>
    );
  }
  return (
    <>
      <ol className="grid gap-3" aria-label="Activity, newest first">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Card className="!p-4">
              <p className="break-words">{entry.summary}</p>
              <p className="mt-1 text-sm text-stone-600">
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                {' · '}
                {entry.actor}
                {entry.kind ? ` · ${kindWords(entry.kind)}` : ''}
              </p>
              {(entry.address || entry.device) && (
                <p className="mt-0.5 text-xs break-words text-stone-600">{[entry.device, entry.address].filter(Boolean).join(' · ')}</p>
              )}
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {pages.hasNextPage ? (
          <button type="button" className={buttonStyles.plain} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        ) : (
          <p className="text-sm text-stone-600">That is everything{filters === NO_FILTERS ? ' kept' : ' for these filters'}.</p>
        )}
        <p className="text-sm text-stone-600" aria-live="polite">
          {entries.length} shown
        </p>
      </div>
    </>
  );
}
