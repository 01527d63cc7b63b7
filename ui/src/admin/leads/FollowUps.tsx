import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { API } from '../api';
import { Card } from '../ui';
import { followUpsDue, type Lead, notContacted, today } from './leads';

const PATH = `${API.contacts}?folder=inbox&limit=1000&sort=followUp`;

/** The Overview's reminder: follow-ups due today and overdue, and enquiries not contacted after 24 h. */
export function FollowUps({ now = () => new Date() }: { now?: () => Date }) {
  const list = useQuery<{ messages: Lead[] }>({ queryKey: [PATH] });
  if (!list.isSuccess) return null;
  const at = now();
  const due = followUpsDue(list.data.messages, today(at));
  const waiting = notContacted(list.data.messages, at.getTime());
  if (due.length === 0 && waiting.length === 0) return null;
  const line = (l: Lead) => (
    <li key={l.id}>
      <span className="font-semibold">{l.name}</span>
      {l.qualification && <span className="text-stone-600"> · {l.qualification}</span>}
      {l.followUpOn && <span className="text-stone-600"> · {l.followUpOn}</span>}
    </li>
  );
  return (
    <Card className="mb-6">
      <h3 className="flex items-center gap-2 font-display text-xl">
        <CalendarClock aria-hidden="true" className="size-5" />
        Follow-ups
      </h3>
      {due.length > 0 && (
        <section aria-label="Follow-ups due today and overdue" className="mt-3">
          <p className="text-sm font-semibold">Due today and overdue ({due.length})</p>
          <ul className="mt-1 grid gap-1 text-sm">{due.map(line)}</ul>
        </section>
      )}
      {waiting.length > 0 && (
        <section aria-label="New enquiries not contacted after 24 hours" className="mt-3">
          <p className="text-sm font-semibold">New, not contacted after 24 h ({waiting.length})</p>
          <ul className="mt-1 grid gap-1 text-sm">{waiting.map(line)}</ul>
        </section>
      )}
    </Card>
  );
}
