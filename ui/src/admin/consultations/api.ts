// The owner's consultation calls (docs/admin-api.md, "Consultations").
import { apiRequest } from '../api';

export const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayKey = (typeof DAY_KEYS)[number];
export const DAY_NAMES: Record<DayKey, string> = {
  mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday',
};

export interface ConsultationSettings {
  enabled: boolean;
  timeZone: string;
  slotMinutes: number;
  horizonDays: number;
  noticeHours: number;
  weekly: Record<DayKey, [string, string][]>;
  daysOff: string[];
  mode: 'studio' | 'call' | 'video';
  videoLink: string;
}

export interface Consultation {
  id: number;
  start: string;
  end: string;
  status: 'booked' | 'confirmed' | 'cancelled' | 'blocked';
  name: string;
  email: string;
  phone: string;
  message: string;
  leadId: number | null;
}

/** A consultation after the owner's change: whether the visitor heard of it by mail. */
export interface Changed extends Consultation {
  visitorTold: boolean;
  mailSetUp: boolean;
}

/**
 * What the owner must read after moving, confirming or cancelling a visitor's consultation that
 * no mail told them of (no `[smtp]`, or the mail failed); nothing when they were told or the time
 * was the owner's own block.
 */
export function notToldNotice(before: Consultation, after: Changed): string | undefined {
  if (after.visitorTold || before.status === 'blocked') return undefined;
  return after.mailSetUp
    ? `The mail to ${after.name} could not be sent, so they have not been told.`
    : `Mail isn't set up, so ${after.name} has not been told.`;
}

export const SETTINGS_PATH = '/api/admin/consultation-settings';
export const LIST_PATH = '/api/admin/consultations';

export const getSettings = () => apiRequest<ConsultationSettings>('GET', SETTINGS_PATH);
export const putSettings = (s: ConsultationSettings) => apiRequest<ConsultationSettings>('PUT', SETTINGS_PATH, s);
export const listConsultations = () => apiRequest<Consultation[]>('GET', LIST_PATH);
export const changeConsultation = (id: number, change: { status?: string; start?: string }) =>
  apiRequest<Changed>('PATCH', `${LIST_PATH}/${id}`, change);
export const blockSlot = (start: string) => apiRequest<Consultation>('POST', LIST_PATH, { start });
export const freeSlots = async (): Promise<{ start: string; end: string }[]> => {
  const response = await fetch('/api/consultations/slots?days=30', { credentials: 'include' });
  return response.ok ? ((await response.json()) as { start: string; end: string }[]) : [];
};

/** "09:00-13:00, 15:00-18:00" <-> [["09:00","13:00"],["15:00","18:00"]]. */
export function hoursText(ranges: [string, string][]): string {
  return ranges.map(([a, b]) => `${a}-${b}`).join(', ');
}

export function parseHours(text: string): [string, string][] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [a = '', b = ''] = part.split('-').map((t) => t.trim());
      return [a, b] as [string, string];
    });
}

/** Consultations grouped by their local day (`YYYY-MM-DD`), in order. */
export function byDay(list: Consultation[]): [string, Consultation[]][] {
  const days = new Map<string, Consultation[]>();
  for (const c of list) days.set(c.start.slice(0, 10), [...(days.get(c.start.slice(0, 10)) ?? []), c]);
  return [...days.entries()];
}
