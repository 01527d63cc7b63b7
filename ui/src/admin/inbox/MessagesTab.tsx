import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, Inbox, Search, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ContactMessage } from '../api';
import { toastFailure } from '../feedback';
import { exportCsv } from './exportCsv';
import { PAGE_SIZE, pagePath, rangeText, reloadMessages, type Folder, type InboxPage } from './inbox';
import { MessageItem } from './MessageItem';
import { LeadsTools } from '../leads/LeadsTools';
import { StageBar } from '../leads/StageBar';
import { NoMailLine } from '../mail/MailNotice';
import { LIVE_LIST } from '../queryClient';
import { buttonStyles, Card, inputClass, LoadError, Loading, TabHeading } from '../ui';

/** Newest first; an unreadable date sorts last rather than breaking the list. */
export function newestFirst(messages: readonly ContactMessage[]): ContactMessage[] {
  const time = (message: ContactMessage) => new Date(message.createdAt).getTime() || 0;
  return [...messages].sort((a, b) => time(b) - time(a) || b.id - a.id);
}

const FOLDERS: { key: Folder; label: string; icon: typeof Inbox }[] = [
  { key: 'inbox', label: 'Inbox', icon: Inbox },
  { key: 'spam', label: 'Spam', icon: ShieldAlert },
];

export function MessagesTab() {
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState<Folder>('inbox');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [stage, setStage] = useState('');
  const [byFollowUp, setByFollowUp] = useState(false);
  // The list keeps showing while the next page loads, so paging never flashes an empty screen.
  const page = useQuery<InboxPage>({
    queryKey: [pagePath({ folder, q, offset, stage, byFollowUp })],
    placeholderData: keepPreviousData,
    ...LIVE_LIST,
  });

  const showFolder = (next: Folder) => {
    setFolder(next);
    setOffset(0);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed);
    setOffset(0);
  };
  const clearSearch = () => {
    setTyped('');
    setQ('');
    setOffset(0);
  };
  const download = async () => {
    setExporting(true);
    try {
      await exportCsv();
    } catch (error) {
      toastFailure('Export failed', error);
    } finally {
      setExporting(false);
    }
  };

  const data = page.data;
  const messages = data ? (byFollowUp ? data.messages : newestFirst(data.messages)) : [];
  // A delete can empty the last page: step back to one that has messages.
  if (data && messages.length === 0 && offset > 0 && data.total > 0) setOffset(Math.max(0, offset - PAGE_SIZE));

  return (
    <section aria-labelledby="messages-heading">
      <TabHeading
        id="messages-heading"
        title="Messages"
        lead="What visitors sent through the contact form, newest first. Open one to mark it read; messages that look like a bot's wait under Spam."
        action={
          <button type="button" className={buttonStyles.plain} disabled={exporting} onClick={() => void download()}>
            <Download aria-hidden="true" className="size-4" />
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        }
      />
      <NoMailLine />
      <LeadsTools onChanged={() => reloadMessages(queryClient)} />
      {folder === 'inbox' && (
        <StageBar
          counts={data?.stages}
          stage={stage}
          onStage={(next) => {
            setStage(next);
            setOffset(0);
          }}
          byFollowUp={byFollowUp}
          onSort={setByFollowUp}
        />
      )}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div role="group" aria-label="Folders" className="flex gap-2">
          {FOLDERS.map(({ key, label, icon: Icon }) => {
            const count = data ? (key === 'inbox' ? data.inbox : data.spam) : undefined;
            return (
              <button
                key={key}
                type="button"
                aria-pressed={folder === key}
                className={folder === key ? buttonStyles.primary : buttonStyles.plain}
                onClick={() => showFolder(key)}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
                {count !== undefined && <span className="font-normal"> ({count})</span>}
              </button>
            );
          })}
        </div>
        <form role="search" aria-label="Messages" onSubmit={search} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="messages-search" className="block text-sm font-semibold text-charcoal">
              Search messages
            </label>
            <input
              id="messages-search"
              type="search"
              value={typed}
              onInput={(event) => setTyped(event.currentTarget.value)}
              placeholder="Name, e-mail or words"
              className={`${inputClass} mt-1 w-64 max-w-full`}
            />
          </div>
          <button type="submit" className={buttonStyles.plain}>
            <Search aria-hidden="true" className="size-4" />
            Search
          </button>
          {q && (
            <button type="button" className={buttonStyles.plain} onClick={clearSearch}>
              Clear search
            </button>
          )}
        </form>
      </div>

      {page.isPending ? (
        <Loading what="messages" />
      ) : page.isError ? (
        <LoadError what="the messages" onRetry={() => void page.refetch()} />
      ) : messages.length === 0 ? (
        <Card>
          <p className="text-stone-600">
            {q ? `No messages match “${q}”` : folder === 'spam' ? 'No spam' : 'No messages yet'}
          </p>
        </Card>
      ) : (
        <>
          <ul className="grid gap-4" aria-label={folder === 'spam' ? 'Spam messages' : 'Messages'}>
            {messages.map((message) => (
              <li key={message.id}>
                <MessageItem message={message} onChanged={() => reloadMessages(queryClient)} />
              </li>
            ))}
          </ul>
          <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-stone-600" role="status">
              {data && rangeText(data, messages.length)}
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                className={buttonStyles.plain}
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                Newer
              </button>
              <button
                type="button"
                className={buttonStyles.plain}
                disabled={!data || offset + messages.length >= data.total}
                onClick={() => setOffset(offset + PAGE_SIZE)}
              >
                Older
                <ChevronRight aria-hidden="true" className="size-4" />
              </button>
            </div>
          </nav>
        </>
      )}
    </section>
  );
}
