import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { Card } from '../ui';
import { type Consultation, LIST_PATH, listConsultations } from './api';

/** How many of the coming consultations the Overview lists. */
export const COMING_MAX = 5;

/**
 * The consultations still ahead (booked or confirmed, earliest first), from the list the server gives for
 * today onwards; `now` is the caller's so tests set it.
 */
export function comingConsultations(list: readonly Consultation[], now: number): Consultation[] {
  return list
    .filter((c) => (c.status === 'booked' || c.status === 'confirmed') && new Date(c.end).getTime() > now)
    .sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
}

/** "Today", "Tomorrow" or "Thu 3 Dec": a consultation's day in the studio's terms (its own offset). */
export function dayWords(start: string, now: Date): string {
  const day = start.slice(0, 10);
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = (t: Date) => `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
  if (day === local(now)) return 'Today';
  if (day === local(new Date(now.getTime() + 24 * 3600 * 1000))) return 'Tomorrow';
  return date.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** The Overview's list of the next consultations; nothing while there are none. */
export function ComingUp({ now = () => new Date() }: { now?: () => Date }) {
  const list = useQuery({ queryKey: [LIST_PATH], queryFn: listConsultations });
  if (!list.isSuccess) return null;
  const at = now();
  const coming = comingConsultations(list.data, at.getTime());
  if (coming.length === 0) return null;
  return (
    <Card className="mb-6">
      <h3 className="flex items-center gap-2 font-display text-xl">
        <CalendarDays aria-hidden="true" className="size-5" />
        Coming consultations
      </h3>
      <ul className="mt-3 grid gap-2 text-sm" aria-label="Coming consultations">
        {coming.slice(0, COMING_MAX).map((c) => (
          <li key={c.id} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">
              {dayWords(c.start, at)} {c.start.slice(11, 16)}
            </span>
            <span>{c.name}</span>
            {c.status === 'booked' && <span className="text-brass-700">not confirmed yet</span>}
            {c.phone && (
              <a className="inline-flex min-h-11 items-center underline" href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>
                {c.phone}
              </a>
            )}
          </li>
        ))}
      </ul>
      {coming.length > COMING_MAX && (
        <p className="mt-2 text-sm text-stone-600">and {coming.length - COMING_MAX} more under Consultations</p>
      )}
    </Card>
  );
}
