import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { CheckboxField, FieldError, SelectField, TextField } from '../editor/fields';
import { EditorForm, useDraft } from '../editor/RecordForm';
import { labelClass } from '../ui';
import { type FieldRule, type LeadSettings, SETTINGS_PATH } from './leads';

const FIELD_LABELS: Record<string, string> = {
  phone: 'Phone',
  projectType: 'Project type',
  locality: 'Locality / city',
  size: 'Size',
  budget: 'Budget',
  timeline: 'Timeline',
  heardFrom: 'How did you hear about us',
};
const RULES: FieldRule[] = ['hidden', 'optional', 'required'];
const RULE_WORDS: Record<string, string> = { hidden: 'Not shown', optional: 'Optional', required: 'Required' };

/** The settings as the form edits them: the choices as lines, a stage the owner is adding. */
export interface SettingsDraft {
  stages: LeadSettings['stages'];
  newStage: string;
  fields: Record<string, FieldRule>;
  budgets: string;
  timelines: string;
  dailyMail: boolean;
  dailyMailAt: string;
}

export const SETTINGS_LABELS = {
  stages: 'Stages',
  newStage: 'New stage',
  budgets: 'Budget choices (one per line)',
  timelines: 'Timeline choices (one per line)',
  fields: 'What the contact form asks',
  dailyMailAt: "At (the studio's time)",
} as const;

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function settingsDraft(s: LeadSettings): SettingsDraft {
  return {
    stages: s.stages,
    newStage: '',
    fields: s.fields,
    budgets: s.budgets.join('\n'),
    timelines: s.timelines.join('\n'),
    dailyMail: s.dailyMail.enabled,
    dailyMailAt: s.dailyMail.at,
  };
}

/** The body of PUT /api/admin/lead-settings. */
export function settingsBody(d: SettingsDraft) {
  const stages = d.newStage.trim() ? [...d.stages, { key: '', label: d.newStage.trim() }] : d.stages;
  return {
    stages,
    fields: d.fields,
    budgets: lines(d.budgets),
    timelines: lines(d.timelines),
    dailyMail: { enabled: d.dailyMail, at: d.dailyMailAt },
  };
}

/** Blank stage names are marked here, at their field, before anything is sent. */
export function settingsProblems(d: SettingsDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  d.stages.forEach((stage, i) => {
    if (!stage.label.trim()) problems[`Stage ${i + 1}`] = `Stage ${i + 1} needs a name.`;
  });
  return problems;
}

/** How a server refusal (`stages[2].label: …`, `budgets[1]: …`) finds its field. */
const REFUSAL_LABELS = {
  stages: (i: number, rest: string) => (rest.startsWith('.') ? `Stage ${i + 1}` : SETTINGS_LABELS.stages),
  budgets: SETTINGS_LABELS.budgets,
  timelines: SETTINGS_LABELS.timelines,
  fields: SETTINGS_LABELS.fields,
  dailyMail: SETTINGS_LABELS.dailyMailAt,
};

/**
 * The owner's lead settings: stages, which form fields show, the budget and timeline choices, and the daily
 * mail of follow-ups (src/leads/daily.rs), which says so when the server has no mail settings to send it with.
 */
export function LeadSettingsForm({ onDone }: { onDone: () => void }) {
  const settings = useQuery<LeadSettings>({ queryKey: [SETTINGS_PATH] });
  if (!settings.data) return null;
  return <SettingsForm stored={settings.data} onDone={onDone} />;
}

function SettingsForm({ stored, onDone }: { stored: LeadSettings; onDone: () => void }) {
  const queryClient = useQueryClient();
  const initial = settingsDraft(stored);
  const { draft, set, setDraft, errorOf, submit, attempt, dirty } = useDraft(initial, settingsProblems, REFUSAL_LABELS);

  const save = async (): Promise<boolean> => {
    const saved = await submit(async () => {
      try {
        const answer = await apiRequest<LeadSettings>('PUT', SETTINGS_PATH, settingsBody(draft));
        queryClient.setQueryData([SETTINGS_PATH], answer);
        return { ok: true };
      } catch (e) {
        if (e instanceof ApiError) return { ok: false, refused: e };
        toastFailure('Failed to save the lead settings', e);
        return { ok: false };
      }
    }, 'Failed to save the lead settings');
    if (saved) {
      toastSuccess('Lead settings saved');
      onDone();
    }
    return saved;
  };

  return (
    <div className="mt-4">
      <EditorForm
        heading="Lead settings"
        submitLabel="Save lead settings"
        onSubmit={save}
        onCancel={() => {
          setDraft(initial);
          onDone();
        }}
        dirty={dirty}
        attempt={attempt}
      >
        <fieldset className="grid min-w-0 gap-3 md:col-span-2">
          <legend className={labelClass}>Stages (rename them, or add one)</legend>
          {draft.stages.map((stage, i) => (
            <TextField
              key={stage.key}
              label={`Stage ${i + 1}`}
              value={stage.label}
              onChange={(label) => setDraft((d) => ({ ...d, stages: d.stages.map((s, j) => (j === i ? { ...s, label } : s)) }))}
              error={errorOf(`Stage ${i + 1}`)}
            />
          ))}
          <TextField label={SETTINGS_LABELS.newStage} hint="e.g. On hold; up to 8 stages." value={draft.newStage} onChange={set('newStage')} />
          {errorOf(SETTINGS_LABELS.stages) && <FieldError id="lead-stages-error" message={errorOf(SETTINGS_LABELS.stages) ?? ''} />}
        </fieldset>
        <fieldset className="grid min-w-0 gap-3 sm:grid-cols-2 md:col-span-2">
          <legend className={labelClass}>{SETTINGS_LABELS.fields}</legend>
          {Object.keys(FIELD_LABELS).map((field) => (
            <SelectField
              key={field}
              label={FIELD_LABELS[field] ?? field}
              value={draft.fields[field] ?? 'optional'}
              options={RULES}
              optionLabel={(rule) => RULE_WORDS[rule] ?? rule}
              onChange={(rule) => setDraft((d) => ({ ...d, fields: { ...d.fields, [field]: rule as FieldRule } }))}
            />
          ))}
          {errorOf(SETTINGS_LABELS.fields) && <FieldError id="lead-fields-error" message={errorOf(SETTINGS_LABELS.fields) ?? ''} />}
        </fieldset>
        <TextField label={SETTINGS_LABELS.budgets} rows={5} value={draft.budgets} onChange={set('budgets')} error={errorOf(SETTINGS_LABELS.budgets)} />
        <TextField label={SETTINGS_LABELS.timelines} rows={5} value={draft.timelines} onChange={set('timelines')} error={errorOf(SETTINGS_LABELS.timelines)} />
        <fieldset className="grid min-w-0 gap-3 md:col-span-2">
          <legend className={labelClass}>Daily mail</legend>
          <CheckboxField
            label="Mail me each day the follow-ups due, the enquiries waiting for a first reply and the day's consultations"
            checked={draft.dailyMail}
            onChange={set('dailyMail')}
          />
          <TextField label={SETTINGS_LABELS.dailyMailAt} type="time" value={draft.dailyMailAt} onChange={set('dailyMailAt')} error={errorOf(SETTINGS_LABELS.dailyMailAt)} />
          <p className="text-sm text-stone-600" data-testid="daily-mail-note">
            {stored.dailyMail.canSend === false
              ? 'The server has no mail settings yet, so no mail goes out even when this is on; the host adds them (see the operations guide).'
              : 'It comes once a day, only on days with something in it, to the addresses that get new-enquiry notices.'}
          </p>
        </fieldset>
      </EditorForm>
    </div>
  );
}
