import { ApiError } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { SelectField, TextField } from '../editor/fields';
import { EditorForm, useDraft } from '../editor/RecordForm';
import { type Lead, type LeadSettings, patchLead } from './leads';

export interface FollowUpDraft {
  stage: string;
  followUpOn: string;
}

const LABELS = { stage: 'Stage', followUpOn: 'Next follow-up' } as const;

/** The PATCH body: only what the owner changed; an emptied date clears it. */
export function followUpChange(before: FollowUpDraft, after: FollowUpDraft): { stage?: string; followUpOn?: string | null } {
  const change: { stage?: string; followUpOn?: string | null } = {};
  if (after.stage !== before.stage) change.stage = after.stage;
  if (after.followUpOn !== before.followUpOn) change.followUpOn = after.followUpOn || null;
  return change;
}

/** A lead's editable part, its stage and next follow-up, declared on the panel's record editor. */
export function FollowUpForm({ lead, settings, onSaved }: { lead: Lead; settings: LeadSettings | undefined; onSaved: () => unknown }) {
  const initial: FollowUpDraft = { stage: lead.stage ?? 'new', followUpOn: lead.followUpOn ?? '' };
  const { draft, set, setDraft, errorOf, submit, attempt, dirty } = useDraft(initial, () => ({}), LABELS);
  const stages = settings?.stages ?? [{ key: initial.stage, label: initial.stage }];

  const save = async (): Promise<boolean> => {
    const saved = await submit(async () => {
      const change = followUpChange(initial, draft);
      if (Object.keys(change).length === 0) return { ok: true };
      try {
        await patchLead(lead.id, change);
        return { ok: true };
      } catch (e) {
        if (e instanceof ApiError) return { ok: false, refused: e };
        toastFailure('Failed to save the lead', e);
        return { ok: false };
      }
    }, 'Failed to save the lead');
    if (saved) {
      toastSuccess('Lead saved');
      void onSaved();
    }
    return saved;
  };

  return (
    <EditorForm heading="Follow-up" submitLabel="Save" onSubmit={save} onCancel={() => setDraft(initial)} dirty={dirty} attempt={attempt}>
      <SelectField
        label={LABELS.stage}
        value={draft.stage}
        options={stages.map((s) => s.key)}
        optionLabel={(key) => stages.find((s) => s.key === key)?.label ?? key}
        onChange={set('stage')}
        error={errorOf(LABELS.stage)}
      />
      <TextField label={LABELS.followUpOn} type="date" value={draft.followUpOn} onChange={set('followUpOn')} error={errorOf(LABELS.followUpOn)} />
    </EditorForm>
  );
}
