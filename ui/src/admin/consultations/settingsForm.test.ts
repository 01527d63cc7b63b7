import { describe, expect, it } from 'vitest';
import type { ConsultationSettings } from './api';
import { CONSULTATION_LABELS, consultationBody, consultationDraft, consultationProblems, refusedLabel } from './SettingsForm';

const day: [string, string][] = [['11:00', '13:00'], ['15:00', '18:00']];
const stored: ConsultationSettings = {
  enabled: false, timeZone: 'Asia/Kolkata', slotMinutes: 60, horizonDays: 30, noticeHours: 24,
  weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: [] },
  daysOff: ['2026-12-25'], mode: 'studio', videoLink: '',
};

describe('the consultation settings as a record', () => {
  it('round-trips: hours and days off as text, numbers as numbers', () => {
    const draft = consultationDraft(stored);
    expect(draft.hours.mon).toBe('11:00-13:00, 15:00-18:00');
    expect(draft.hours.sun).toBe('');
    expect(consultationBody(draft)).toEqual(stored);
    expect(consultationBody({ ...draft, daysOff: ' 2026-12-25 ,, 2027-01-01', noticeHours: '2' })).toMatchObject({
      daysOff: ['2026-12-25', '2027-01-01'],
      noticeHours: 2,
    });
  });

  it('marks a number that is not whole at its field', () => {
    expect(consultationProblems(consultationDraft(stored))).toEqual({});
    expect(Object.keys(consultationProblems({ ...consultationDraft(stored), noticeHours: '1.5' }))).toEqual([CONSULTATION_LABELS.noticeHours]);
  });

  it("finds the field a server refusal names, a day's hours by the day", () => {
    expect(refusedLabel('weekly', 'Weekly hours (tue): 13:00 to 11:00 ends before it starts.')).toMatch(/^Tuesday/);
    expect(refusedLabel('timeZone', 'Time zone: unknown')).toBe(CONSULTATION_LABELS.timeZone);
    expect(refusedLabel(undefined, 'Something else')).toBeUndefined();
  });
});
