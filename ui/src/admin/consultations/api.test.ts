import { describe, expect, it } from 'vitest';
import { notToldNotice, type Changed, type Consultation } from './api';

const before: Consultation = {
  id: 7, start: '2026-12-03T11:00:00+05:30', end: '2026-12-03T12:00:00+05:30', status: 'booked',
  name: 'Asha Reddy', email: 'asha@example.in', phone: '+919848012345', message: '', leadId: 3,
};
const after = (visitorTold: boolean, mailSetUp: boolean): Changed => ({ ...before, status: 'cancelled', visitorTold, mailSetUp });

describe("the owner's notice when the visitor was not told", () => {
  it('says plainly that without mail nobody told the visitor', () => {
    expect(notToldNotice(before, after(false, false))).toBe("Mail isn't set up, so Asha Reddy has not been told.");
  });

  it('says the mail failed when mail is set up', () => {
    expect(notToldNotice(before, after(false, true))).toBe('The mail to Asha Reddy could not be sent, so they have not been told.');
  });

  it('says nothing when the visitor was told, or the time was the owner\'s own block', () => {
    expect(notToldNotice(before, after(true, true))).toBeUndefined();
    expect(notToldNotice({ ...before, status: 'blocked', name: '' }, after(false, false))).toBeUndefined();
  });
});
