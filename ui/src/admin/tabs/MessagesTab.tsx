import { useQuery } from '@tanstack/react-query';
import { API, type ContactMessage } from '../api';
import { Card, LoadError, Loading, TabHeading } from '../ui';

/** Newest first; an unreadable date sorts last rather than breaking the list. */
export function newestFirst(messages: readonly ContactMessage[]): ContactMessage[] {
  const time = (message: ContactMessage) => new Date(message.createdAt).getTime() || 0;
  return [...messages].sort((a, b) => time(b) - time(a) || b.id - a.id);
}

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

export function MessagesTab() {
  const messages = useQuery<ContactMessage[]>({ queryKey: [API.contacts] });
  return (
    <section aria-labelledby="messages-heading">
      <TabHeading id="messages-heading" title="Messages" lead="What visitors sent through the contact form, newest first." />
      {messages.isPending ? (
        <Loading what="messages" />
      ) : messages.isError ? (
        <LoadError what="the messages" onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <Card>
          <p className="text-stone-600">No messages yet</p>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Messages">
          {newestFirst(messages.data).map((message) => (
            <li key={message.id}>
              <Card>
                <article aria-label={`Message from ${message.name}`}>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <h3 className="font-display text-2xl break-words">{message.name}</h3>
                    <When createdAt={message.createdAt} />
                  </div>
                  <a
                    href={`mailto:${message.email}`}
                    className="mt-1 inline-block text-sm break-all text-brass-700 underline underline-offset-4 hover:text-charcoal"
                  >
                    {message.email}
                  </a>
                  <p className="mt-4 leading-relaxed break-words whitespace-pre-line">{message.message}</p>
                </article>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
