import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest, ApiError } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { buttonStyles, Card, inputClass, labelClass } from '../ui';
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

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The owner's lead settings: stages, which form fields show, the budget and timeline choices, and the daily
 * mail of follow-ups (src/leads/daily.rs), which says so when the server has no mail settings to send it with.
 */
export function LeadSettingsForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const settings = useQuery<LeadSettings>({ queryKey: [SETTINGS_PATH] });
  const [draft, setDraft] = useState<LeadSettings | null>(null);
  const [budgets, setBudgets] = useState('');
  const [timelines, setTimelines] = useState('');
  const [newStage, setNewStage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (settings.data && !draft) {
      setDraft(settings.data);
      setBudgets(settings.data.budgets.join('\n'));
      setTimelines(settings.data.timelines.join('\n'));
    }
  }, [settings.data, draft]);

  if (!draft) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const stages = newStage.trim() ? [...draft.stages, { key: '', label: newStage.trim() }] : draft.stages;
      const saved = await apiRequest<LeadSettings>('PUT', SETTINGS_PATH, {
        stages,
        fields: draft.fields,
        budgets: lines(budgets),
        timelines: lines(timelines),
        dailyMail: { enabled: draft.dailyMail.enabled, at: draft.dailyMail.at },
      });
      queryClient.setQueryData([SETTINGS_PATH], saved);
      toastSuccess('Lead settings saved');
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setError(e.serverMessage ?? 'Please check the settings');
      else toastFailure('Failed to save the lead settings', e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mt-4">
      <form onSubmit={(event) => void save(event)} aria-label="Lead settings" className="grid gap-6">
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <fieldset className="grid gap-2">
          <legend className={labelClass}>Stages (rename them, or add one)</legend>
          {draft.stages.map((stage, i) => (
            <input
              key={stage.key}
              aria-label={`Stage ${i + 1}`}
              className={inputClass}
              value={stage.label}
              onInput={(event) => {
                const label = event.currentTarget.value;
                setDraft({ ...draft, stages: draft.stages.map((s, j) => (j === i ? { ...s, label } : s)) });
              }}
            />
          ))}
          <input
            aria-label="New stage"
            placeholder="New stage, e.g. On hold"
            className={inputClass}
            value={newStage}
            onInput={(event) => setNewStage(event.currentTarget.value)}
          />
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className={labelClass}>What the contact form asks</legend>
          {Object.keys(FIELD_LABELS).map((field) => (
            <div key={field}>
              <label htmlFor={`rule-${field}`} className="text-sm">
                {FIELD_LABELS[field]}
              </label>
              <select
                id={`rule-${field}`}
                className={`${inputClass} mt-1`}
                value={draft.fields[field] ?? 'optional'}
                onChange={(event) =>
                  setDraft({ ...draft, fields: { ...draft.fields, [field]: event.currentTarget.value as FieldRule } })
                }
              >
                <option value="hidden">Not shown</option>
                <option value="optional">Optional</option>
                <option value="required">Required</option>
              </select>
            </div>
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="lead-budgets" className={labelClass}>
              Budget choices (one per line)
            </label>
            <textarea id="lead-budgets" rows={5} className={`${inputClass} mt-1`} value={budgets} onInput={(e) => setBudgets(e.currentTarget.value)} />
          </div>
          <div>
            <label htmlFor="lead-timelines" className={labelClass}>
              Timeline choices (one per line)
            </label>
            <textarea id="lead-timelines" rows={5} className={`${inputClass} mt-1`} value={timelines} onInput={(e) => setTimelines(e.currentTarget.value)} />
          </div>
        </div>
        <fieldset className="grid gap-3">
          <legend className={labelClass}>Daily mail</legend>
          <label className="flex min-h-11 items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0"
              checked={draft.dailyMail.enabled}
              onChange={(event) => setDraft({ ...draft, dailyMail: { ...draft.dailyMail, enabled: event.currentTarget.checked } })}
            />
            <span>Mail me each day the follow-ups due, the enquiries waiting for a first reply and the day's consultations</span>
          </label>
          <div>
            <label htmlFor="daily-mail-at" className="text-sm">
              At (the studio's time)
            </label>
            <input
              id="daily-mail-at"
              type="time"
              step={60}
              className={`${inputClass} mt-1 max-w-40`}
              value={draft.dailyMail.at}
              disabled={!draft.dailyMail.enabled}
              onInput={(event) => setDraft({ ...draft, dailyMail: { ...draft.dailyMail, at: event.currentTarget.value } })}
            />
          </div>
          <p className="text-sm text-stone-600" data-testid="daily-mail-note">
            {draft.dailyMail.canSend === false
              ? 'The server has no mail settings yet, so no mail goes out even when this is on; the host adds them (see the operations guide).'
              : 'It comes once a day, only on days with something in it, to the addresses that get new-enquiry notices.'}
          </p>
        </fieldset>
        <div className="sticky bottom-0 flex gap-2 bg-white py-2">
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? 'Saving…' : 'Save lead settings'}
          </button>
          <button type="button" className={buttonStyles.plain} onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </Card>
  );
}
