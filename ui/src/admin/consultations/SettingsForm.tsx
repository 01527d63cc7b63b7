import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSite } from '../../lib/content';
import { useAccess } from '../access/access';
import { API, ApiError, type CompanySetting } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { CheckboxField, SelectField, TextField } from '../editor/fields';
import { EditorForm, useDraft } from '../editor/RecordForm';
import { LoadError, Loading } from '../ui';
import {
  DAY_KEYS, DAY_NAMES, type DayKey, getSettings, hoursText, parseHours, putSettings, SETTINGS_PATH, type ConsultationSettings,
} from './api';

/** The settings as the form edits them: each day's hours and the days off as text. */
export interface ConsultationDraft {
  enabled: boolean;
  hours: Record<DayKey, string>;
  slotMinutes: string;
  horizonDays: string;
  noticeHours: string;
  daysOff: string;
  mode: ConsultationSettings['mode'];
  videoLink: string;
  timeZone: string;
}

const dayLabel = (d: DayKey) => `${DAY_NAMES[d]} (for example 11:00-13:00, 15:00-18:00; empty for closed)`;
export const CONSULTATION_LABELS = {
  slotMinutes: 'Length of a consultation',
  horizonDays: 'How far ahead visitors may book (days)',
  noticeHours: 'Minimum notice (hours)',
  daysOff: 'Days off (dates like 2026-12-25, separated by commas)',
  mode: 'Where',
  videoLink: 'Video call link',
  timeZone: 'Time zone',
} as const;
const MODES: Record<ConsultationSettings['mode'], string> = { studio: 'At the studio', call: 'On a phone call', video: 'On a video call' };

export function consultationDraft(s: ConsultationSettings): ConsultationDraft {
  return {
    enabled: s.enabled,
    hours: Object.fromEntries(DAY_KEYS.map((d) => [d, hoursText(s.weekly[d] ?? [])])) as Record<DayKey, string>,
    slotMinutes: String(s.slotMinutes),
    horizonDays: String(s.horizonDays),
    noticeHours: String(s.noticeHours),
    daysOff: s.daysOff.join(', '),
    mode: s.mode,
    videoLink: s.videoLink,
    timeZone: s.timeZone,
  };
}

/** The body of PUT /api/admin/consultation-settings. */
export function consultationBody(d: ConsultationDraft): ConsultationSettings {
  return {
    enabled: d.enabled,
    weekly: Object.fromEntries(DAY_KEYS.map((day) => [day, parseHours(d.hours[day])])) as ConsultationSettings['weekly'],
    slotMinutes: Number(d.slotMinutes),
    horizonDays: Number(d.horizonDays),
    noticeHours: Number(d.noticeHours),
    daysOff: d.daysOff.split(',').map((x) => x.trim()).filter(Boolean),
    mode: d.mode,
    videoLink: d.videoLink,
    timeZone: d.timeZone,
  };
}

/** Whole numbers where the server wants them, marked at their field before anything is sent. */
export function consultationProblems(d: ConsultationDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const key of ['horizonDays', 'noticeHours'] as const) {
    if (!/^\d+$/.test(d[key].trim())) problems[CONSULTATION_LABELS[key]] = `${CONSULTATION_LABELS[key].replace(/ \(.*/, '')}: a whole number.`;
  }
  return problems;
}

/** The label of the field a server refusal names (`{ "field": "weekly", "message": "Weekly hours (mon): …" }`). */
export function refusedLabel(field: string | undefined, message: string): string | undefined {
  if (field === 'weekly') {
    const day = DAY_KEYS.find((d) => message.includes(`(${d})`));
    return day ? dayLabel(day) : dayLabel('mon');
  }
  return field && field in CONSULTATION_LABELS ? CONSULTATION_LABELS[field as keyof typeof CONSULTATION_LABELS] : undefined;
}

/** When visitors may book, declared on the panel's record editor. */
export function SettingsForm() {
  const settings = useQuery({ queryKey: [SETTINGS_PATH], queryFn: getSettings });
  if (settings.isPending) return <Loading what="consultation settings" />;
  if (settings.isError) return <LoadError what="consultation settings" onRetry={() => void settings.refetch()} />;
  // Keyed by what is stored, so a save starts the form afresh.
  return <Form key={JSON.stringify(settings.data)} stored={settings.data} />;
}

function Form({ stored }: { stored: ConsultationSettings }) {
  const client = useQueryClient();
  const initial = consultationDraft(stored);
  const { draft, set, setDraft, errorOf, submit, refuse, attempt, dirty } = useDraft(initial, consultationProblems);

  const save = async (): Promise<boolean> => {
    let refusedAt: Record<string, string> | undefined;
    const saved = await submit(async () => {
      try {
        const answer = await putSettings(consultationBody(draft));
        client.setQueryData([SETTINGS_PATH], answer);
        void client.invalidateQueries({ queryKey: ['consultation-free'] });
        return { ok: true };
      } catch (e) {
        if (!(e instanceof ApiError)) {
          toastFailure('Could not save the consultation settings', e);
          return { ok: false };
        }
        let field: string | undefined;
        try {
          field = JSON.parse(e.body)?.field;
        } catch {
          field = undefined;
        }
        const message = e.serverMessage ?? '';
        const label = e.status === 400 ? refusedLabel(field, message) : undefined;
        if (label) {
          refusedAt = { [label]: message };
          return { ok: false };
        }
        return { ok: false, refused: e };
      }
    }, 'Could not save the consultation settings');
    if (saved) toastSuccess('Consultation settings saved');
    else if (refusedAt) refuse(refusedAt);
    return saved;
  };

  return (
    <div className="mt-8">
      <EditorForm heading="When visitors may book" submitLabel="Save" onSubmit={save} onCancel={() => setDraft(initial)} dirty={dirty} attempt={attempt}>
        <div className="md:col-span-2">
          <CheckboxField label="Take bookings online" checked={draft.enabled} onChange={set('enabled')} />
          <SiteHours />
        </div>
        {DAY_KEYS.map((d) => (
          <TextField
            key={d}
            label={dayLabel(d)}
            value={draft.hours[d]}
            onChange={(value) => setDraft((current) => ({ ...current, hours: { ...current.hours, [d]: value } }))}
            error={errorOf(dayLabel(d))}
          />
        ))}
        <SelectField
          label={CONSULTATION_LABELS.slotMinutes}
          value={draft.slotMinutes}
          options={['30', '45', '60']}
          optionLabel={(m) => `${m} minutes`}
          onChange={set('slotMinutes')}
          error={errorOf(CONSULTATION_LABELS.slotMinutes)}
        />
        <TextField label={CONSULTATION_LABELS.horizonDays} type="number" value={draft.horizonDays} onChange={set('horizonDays')} error={errorOf(CONSULTATION_LABELS.horizonDays)} />
        <TextField label={CONSULTATION_LABELS.noticeHours} type="number" value={draft.noticeHours} onChange={set('noticeHours')} error={errorOf(CONSULTATION_LABELS.noticeHours)} />
        <TextField label={CONSULTATION_LABELS.daysOff} value={draft.daysOff} onChange={set('daysOff')} error={errorOf(CONSULTATION_LABELS.daysOff)} />
        <SelectField
          label={CONSULTATION_LABELS.mode}
          value={draft.mode}
          options={Object.keys(MODES)}
          optionLabel={(m) => MODES[m as ConsultationSettings['mode']] ?? m}
          onChange={(m) => setDraft((current) => ({ ...current, mode: m as ConsultationSettings['mode'] }))}
          error={errorOf(CONSULTATION_LABELS.mode)}
        />
        {draft.mode === 'video' ? (
          <TextField label={CONSULTATION_LABELS.videoLink} type="url" value={draft.videoLink} onChange={set('videoLink')} error={errorOf(CONSULTATION_LABELS.videoLink)} />
        ) : null}
        <TextField label={CONSULTATION_LABELS.timeZone} value={draft.timeZone} onChange={set('timeZone')} error={errorOf(CONSULTATION_LABELS.timeZone)} />
      </EditorForm>
    </div>
  );
}

/**
 * The hours the site states (Settings: Office hours, Weekend) beside the hours visitors may book,
 * so that the two can be made to agree. Until saved, the booking hours are read from these.
 */
function SiteHours() {
  // The settings are the Owner's; another role (Enquiries) reads the hours the site's pages carry.
  const owner = useAccess().can('settings');
  const site = useSite();
  const settings = useQuery<CompanySetting[]>({ queryKey: [API.settings], enabled: owner });
  const said = (key: string) => settings.data?.find((s) => s.settingKey === key)?.settingValue.trim() ?? '';
  const words = (owner ? [said('company_hours'), said('company_weekend')] : [site.hours.trim(), site.weekend.trim()]).filter(Boolean);
  if (words.length === 0) return null;
  return (
    <p className="mt-2 text-sm text-stone-600" data-testid="site-hours">
      The site says: <span className="font-semibold text-charcoal">{words.join(' · ')}</span> (Settings, Office hours and
      Weekend). The hours below are when visitors may book.
    </p>
  );
}
