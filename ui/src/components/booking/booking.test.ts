import { describe, expect, it } from 'vitest';
import { bookSlot, byDay, dayLabel, timeLabel } from './booking';

const reply = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })) as typeof fetch;
const fields = { start: '2026-12-03T11:00:00+05:30', name: 'Asha', email: 'a@b.in', phone: '98480 12345', message: '' };

describe('booking calls', () => {
  it('groups slots by the studio date and labels them in the studio clock', () => {
    const days = byDay([
      { start: '2026-12-03T11:00:00+05:30', end: '2026-12-03T12:00:00+05:30' },
      { start: '2026-12-03T15:00:00+05:30', end: '2026-12-03T16:00:00+05:30' },
      { start: '2026-12-04T11:00:00+05:30', end: '2026-12-04T12:00:00+05:30' },
    ]);
    expect(days.map(([d, s]) => [d, s.length])).toEqual([['2026-12-03', 2], ['2026-12-04', 1]]);
    expect(dayLabel('2026-12-03')).toContain('Thursday');
    expect(timeLabel('2026-12-03T15:00:00+05:30')).toBe('15:00');
  });

  it('tells a taken slot from a refused field and a held booking', async () => {
    expect(await bookSlot(fields, 't', reply(409, { message: 'That time was just taken. Please pick another.' }))).toEqual({
      kind: 'taken',
      message: 'That time was just taken. Please pick another.',
    });
    expect(await bookSlot(fields, 't', reply(400, { message: 'Please fill in your phone number.', field: 'phone' }))).toEqual({
      kind: 'refused',
      message: 'Please fill in your phone number.',
      field: 'phone',
    });
    const held = { id: 7, start: fields.start, end: '2026-12-03T12:00:00+05:30', ics: '/api/consultations/7.ics?t=k', manage: '/book/manage?t=m' };
    expect(await bookSlot(fields, 't', reply(201, held))).toEqual({ kind: 'booked', booked: held });
    expect(await bookSlot(fields, undefined, reply(201, { message: 'Your consultation is booked.' }))).toEqual({ kind: 'booked', booked: undefined });
  });
});
