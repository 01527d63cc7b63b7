import { describe, expect, it } from 'vitest';
import { followUpsDue, notContacted, type Lead, today, whatsappHref } from './leads';

const lead = (id: number, extra: Partial<Lead>): Lead => ({
  id,
  name: `L${id}`,
  email: '',
  message: '',
  createdAt: '2026-12-01T00:00:00Z',
  ...extra,
});

describe('leads', () => {
  it('lists follow-ups due today and overdue, earliest first, closed and spam aside', () => {
    const due = followUpsDue(
      [
        lead(1, { followUpOn: '2026-12-03', stage: 'contacted' }),
        lead(2, { followUpOn: '2026-12-01', stage: 'site-visit' }),
        lead(3, { followUpOn: '2026-12-04', stage: 'contacted' }),
        lead(4, { followUpOn: '2026-12-01', stage: 'won' }),
        lead(5, { followUpOn: '2026-12-01', folder: 'spam' }),
      ],
      '2026-12-03',
    );
    expect(due.map((l) => l.id)).toEqual([2, 1]);
  });

  it('finds new enquiries not contacted after 24 hours', () => {
    const now = new Date('2026-12-02T01:00:00Z').getTime();
    const leads = [lead(1, { stage: 'new' }), lead(2, { stage: 'contacted' }), lead(3, { createdAt: '2026-12-01T12:00:00Z' })];
    expect(notContacted(leads, now).map((l) => l.id)).toEqual([1]);
  });

  it('formats today and the WhatsApp link', () => {
    expect(today(new Date(2026, 11, 3, 23, 30))).toBe('2026-12-03');
    expect(whatsappHref('+919848012345')).toBe('https://wa.me/919848012345');
  });
});
