// The calls of a visitor's booking (docs/contact.md, "Consultations booked online").

export interface FreeSlot {
  start: string;
  end: string;
}

export interface Booked {
  id: number;
  start: string;
  end: string;
  ics: string;
  manage: string;
}

export type BookResult =
  | { kind: 'booked'; booked?: Booked }
  | { kind: 'taken'; message: string }
  | { kind: 'refused'; message: string; field?: string };

/** GET /api/consultations/slots: the free times of the next `days` days; [] when none or off. */
export async function fetchSlots(days = 14, fetchImpl: typeof fetch = fetch): Promise<FreeSlot[]> {
  try {
    const response = await fetchImpl(`/api/consultations/slots?days=${days}`, { credentials: 'include' });
    if (!response.ok) return [];
    const body: unknown = await response.json();
    return Array.isArray(body) ? (body as FreeSlot[]) : [];
  } catch {
    return [];
  }
}

export interface BookingFields {
  start: string;
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** POST /api/consultations. Never throws: a network error is a refusal that says so. */
export async function bookSlot(
  fields: BookingFields,
  formToken: string | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<BookResult> {
  try {
    const response = await fetchImpl('/api/consultations', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...fields, formToken, website: '' }),
    });
    const body = (await response.json().catch(() => ({}))) as Partial<Booked> & { message?: string; field?: string };
    if (response.status === 201) {
      return { kind: 'booked', booked: typeof body.id === 'number' ? (body as Booked) : undefined };
    }
    const message = body.message ?? 'We could not book that time. Please try again.';
    if (response.status === 409) return { kind: 'taken', message };
    return { kind: 'refused', message, field: body.field };
  } catch {
    return { kind: 'refused', message: 'We could not reach the studio. Please check your connection and try again.' };
  }
}

/** The free slots by local day, in order: `[["2026-12-03", [slot, ...]], ...]`. */
export function byDay(slots: FreeSlot[]): [string, FreeSlot[]][] {
  const days = new Map<string, FreeSlot[]>();
  for (const slot of slots) {
    const day = slot.start.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()];
}

/** "Thursday 3 December" for a `YYYY-MM-DD` (a calendar date, whatever the browser's zone). */
export function dayLabel(day: string): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** "11:00", the studio's clock as the server wrote it. */
export function timeLabel(iso: string): string {
  return iso.slice(11, 16);
}
