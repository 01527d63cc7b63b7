import { describe, expect, it } from 'vitest';
import { EMPTY_LEAD, LEAD_LABELS, leadProblems } from './AddLeadForm';
import { followUpChange } from './FollowUpForm';
import { SETTINGS_LABELS, settingsBody, settingsDraft, settingsProblems } from './LeadSettingsForm';
import type { LeadSettings } from './leads';

describe('a lead added by hand', () => {
  it('needs a name and a phone or an e-mail, marked at their fields before anything is sent', () => {
    expect(leadProblems(EMPTY_LEAD)).toEqual({
      [LEAD_LABELS.name]: 'Name is required.',
      [LEAD_LABELS.phone]: 'A phone number or an e-mail address is required.',
    });
    expect(leadProblems({ ...EMPTY_LEAD, name: 'Ravi', email: 'ravi@example.in' })).toEqual({});
    expect(leadProblems({ ...EMPTY_LEAD, name: 'Ravi', phone: '98480 12345' })).toEqual({});
  });
});

describe('the lead settings as a record', () => {
  const stored: LeadSettings = {
    stages: [{ key: 'new', label: 'New' }, { key: 'won', label: 'Won' }],
    fields: { phone: 'optional' },
    budgets: ['Under ₹10 lakh', '₹10-25 lakh'],
    timelines: ['Within 3 months'],
    projectTypes: ['Residential', 'Other'],
    dailyMail: { enabled: false, at: '09:00', canSend: false },
  } as LeadSettings;

  it('round-trips: the choices as lines, a new stage added at the end, the daily mail', () => {
    const draft = { ...settingsDraft(stored), newStage: ' On hold ', budgets: 'A\n\n B ', dailyMail: true };
    expect(settingsBody(draft)).toEqual({
      stages: [...stored.stages, { key: '', label: 'On hold' }],
      fields: { phone: 'optional' },
      budgets: ['A', 'B'],
      timelines: ['Within 3 months'],
      dailyMail: { enabled: true, at: '09:00' },
    });
    expect(settingsBody(settingsDraft(stored)).stages).toEqual(stored.stages);
  });

  it('marks a blank stage name at its field', () => {
    const draft = settingsDraft(stored);
    expect(settingsProblems(draft)).toEqual({});
    const broken = { ...draft, stages: [draft.stages[0]!, { key: 'won', label: ' ' }] };
    expect(settingsProblems(broken)).toEqual({ 'Stage 2': 'Stage 2 needs a name.' });
    expect(SETTINGS_LABELS.timelines).toBe('Timeline choices (one per line)');
  });
});

describe("a lead's follow-up", () => {
  it('sends only what changed, and an emptied date clears it', () => {
    const before = { stage: 'new', followUpOn: '2026-12-10' };
    expect(followUpChange(before, before)).toEqual({});
    expect(followUpChange(before, { stage: 'contacted', followUpOn: '2026-12-10' })).toEqual({ stage: 'contacted' });
    expect(followUpChange(before, { stage: 'new', followUpOn: '' })).toEqual({ followUpOn: null });
  });
});
