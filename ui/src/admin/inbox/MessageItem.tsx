import { Mail, MailOpen, Reply, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useSite } from '../../lib/content';
import { apiRequest, type ContactMessage } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { LeadPanel } from '../leads/LeadPanel';
import { buttonStyles, Card } from '../ui';
import { folderOf, isRead, mailtoHref, messagePath, replyHref } from './inbox';

function When({ createdAt }: { createdAt: string | number }) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  // The visitor's message time in the owner's own time zone and locale.
  return (
    <time dateTime={date.toISOString()} className="text-xs text-stone-600">
      {date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}

/**
 * One message: bold while unread; Open shows it in full and marks it read; Reply, Mark unread,
 * Spam / Not spam, and Delete with Undo (the server puts it back under its own id and date).
 */
export function MessageItem({ message, onChanged }: { message: ContactMessage; onChanged: () => unknown }) {
  const site = useSite();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const bodyId = useId();
  const read = isRead(message);
  const folder = folderOf(message);

  const patch = async (change: { read?: boolean; folder?: 'inbox' | 'spam' }, done?: string) => {
    setBusy(true);
    try {
      await apiRequest<ContactMessage>('PATCH', messagePath(message.id), change);
      if (done) toastSuccess(done);
      return true;
    } catch (error) {
      toastFailure('Failed to update the message', error);
      return false;
    } finally {
      setBusy(false);
      void onChanged();
    }
  };

  const toggleOpen = () => {
    const opening = !open;
    setOpen(opening);
    // Asking for the one message puts its opening in the activity record (DPDP Rules, Rule 6);
    // what it shows is already here, so a failure changes nothing on screen.
    if (opening) void apiRequest<ContactMessage>('GET', messagePath(message.id)).catch(() => undefined);
    if (opening && !read) void patch({ read: true });
  };

  const markUnread = async () => {
    if (await patch({ read: false })) setOpen(false);
  };

  const restore = async (deleted: ContactMessage) => {
    try {
      await apiRequest<ContactMessage>('PUT', messagePath(deleted.id), deleted);
      toastSuccess('Message restored');
    } catch (error) {
      toastFailure('Failed to restore the message', error);
    } finally {
      void onChanged();
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const deleted = await apiRequest<ContactMessage>('DELETE', messagePath(message.id));
      toastSuccess('Message deleted', { label: 'Undo', onClick: () => void restore(deleted) });
    } catch (error) {
      toastFailure('Failed to delete the message', error);
    } finally {
      setBusy(false);
      void onChanged();
    }
  };

  return (
    <Card className={read ? '' : 'border-l-4 border-l-brass-600'}>
      <article aria-label={`Message from ${message.name}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 className={`min-w-0 font-display text-2xl wrap-anywhere ${read ? '' : 'font-bold'}`}>
            {message.name}
            {!read && (
              <span className="ml-3 align-middle font-sans text-xs font-semibold tracking-wide text-brass-700 uppercase">
                Unread
              </span>
            )}
          </h3>
          <When createdAt={message.createdAt} />
        </div>
        <a
          href={mailtoHref(message.email)}
          className="mt-1 inline-flex min-h-11 max-w-full items-center text-sm break-all text-brass-700 underline underline-offset-4 hover:text-charcoal"
        >
          {message.email}
        </a>
        <p
          id={bodyId}
          className={`mt-4 leading-relaxed whitespace-pre-line wrap-anywhere ${open ? '' : 'line-clamp-2'} ${read ? '' : 'font-semibold'}`}
        >
          {message.message}
        </p>
        {open && <LeadPanel lead={message} onChanged={onChanged} />}
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonStyles.plain}
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={toggleOpen}
          >
            <MailOpen aria-hidden="true" className="size-4" />
            {open ? 'Close' : 'Open'}
            <span className="sr-only"> message from {message.name}</span>
          </button>
          <a className={buttonStyles.plain} href={replyHref(message, site.studioName)}>
            <Reply aria-hidden="true" className="size-4" />
            Reply<span className="sr-only"> to {message.name}</span>
          </a>
          {read && (
            <button type="button" className={buttonStyles.plain} disabled={busy} onClick={() => void markUnread()}>
              <Mail aria-hidden="true" className="size-4" />
              Mark unread
            </button>
          )}
          {folder === 'spam' ? (
            <button
              type="button"
              className={buttonStyles.plain}
              disabled={busy}
              onClick={() => void patch({ folder: 'inbox' }, 'Moved to the inbox')}
            >
              <ShieldCheck aria-hidden="true" className="size-4" />
              Not spam
            </button>
          ) : (
            <button
              type="button"
              className={buttonStyles.plain}
              disabled={busy}
              onClick={() => void patch({ folder: 'spam' }, 'Moved to spam')}
            >
              <ShieldAlert aria-hidden="true" className="size-4" />
              Spam
            </button>
          )}
          <button
            type="button"
            className={buttonStyles.danger}
            aria-label={`Delete message from ${message.name}`}
            disabled={busy}
            onClick={() => void remove()}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      </article>
    </Card>
  );
}
