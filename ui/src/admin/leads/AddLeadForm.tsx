import { useQuery } from '@tanstack/react-query';
import { API, apiRequest, ApiError } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { SelectField, TextField } from '../editor/fields';
import { EditorForm, useDraft } from '../editor/RecordForm';
import { type Lead, type LeadSettings, SETTINGS_PATH } from './leads';

type TextKey = 'name' | 'phone' | 'email' | 'locality' | 'size' | 'heardFrom';
type ChoiceKey = 'stage' | 'projectType' | 'budget' | 'timeline';
export type LeadDraft = Record<TextKey | ChoiceKey | 'followUpOn' | 'message', string>;

/** The hand-made lead's fields in the form's order, with what the owner reads (errors are keyed by it). */
export const LEAD_LABELS: Record<keyof LeadDraft, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  locality: 'Locality / city',
  size: 'Size (BHK or sq ft)',
  heardFrom: 'How they heard of us',
  stage: 'Stage',
  projectType: 'Project type',
  budget: 'Budget',
  timeline: 'Timeline',
  followUpOn: 'Next follow-up',
  message: 'What they want',
};

const TEXT_FIELDS: { field: TextKey; type: 'text' | 'tel' | 'email' }[] = [
  { field: 'name', type: 'text' },
  { field: 'phone', type: 'tel' },
  { field: 'email', type: 'email' },
  { field: 'locality', type: 'text' },
  { field: 'size', type: 'text' },
  { field: 'heardFrom', type: 'text' },
];

export const EMPTY_LEAD: LeadDraft = {
  name: '', phone: '', email: '', locality: '', size: '', heardFrom: '',
  stage: '', projectType: '', budget: '', timeline: '', followUpOn: '', message: '',
};

/** The server's rule, checked before sending: a name, and a phone or an e-mail to reach them by. */
export function leadProblems(draft: LeadDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.name.trim()) problems[LEAD_LABELS.name] = 'Name is required.';
  if (!draft.phone.trim() && !draft.email.trim()) problems[LEAD_LABELS.phone] = 'A phone number or an e-mail address is required.';
  return problems;
}

/** A 400's `field` (the API's name) as the label the form marks. */
function refusedField(error: ApiError): string | undefined {
  try {
    const field: unknown = JSON.parse(error.body)?.field;
    return typeof field === 'string' && field in LEAD_LABELS ? LEAD_LABELS[field as keyof LeadDraft] : undefined;
  } catch {
    return undefined;
  }
}

/** A lead added by hand (a call, a walk-in), declared on the panel's record editor. */
export function AddLeadForm({ onDone }: { onDone: () => void }) {
  const settings = useQuery<LeadSettings>({ queryKey: [SETTINGS_PATH] });
  const { draft, set, setDraft, errorOf, submit, refuse, attempt, dirty } = useDraft(EMPTY_LEAD, leadProblems);

  const save = async (): Promise<boolean> => {
    let refusedAt: Record<string, string> | undefined;
    const saved = await submit(async () => {
      const body = Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== ''));
      try {
        await apiRequest<Lead>('POST', API.contacts, body);
        return { ok: true };
      } catch (e) {
        if (!(e instanceof ApiError)) {
          toastFailure('Failed to add the lead', e);
          return { ok: false };
        }
        const label = e.status === 400 ? refusedField(e) : undefined;
        if (label) {
          refusedAt = { [label]: e.serverMessage ?? 'Please check this field.' };
          return { ok: false };
        }
        return { ok: false, refused: e };
      }
    }, 'Failed to add the lead');
    if (saved) {
      toastSuccess('Lead added');
      onDone();
    } else if (refusedAt) refuse(refusedAt);
    return saved;
  };

  const s = settings.data;
  const choices: { field: ChoiceKey; options: string[]; optionLabel: (o: string) => string }[] = [
    // Unchosen, a lead starts at the first stage (New, whatever the owner calls it).
    {
      field: 'stage',
      options: ['', ...(s?.stages.slice(1).map((st) => st.key) ?? [])],
      optionLabel: (o) => (o ? (s?.stages.find((st) => st.key === o)?.label ?? o) : (s?.stages[0]?.label ?? 'New')),
    },
    { field: 'projectType', options: s?.projectTypes ?? [], optionLabel: (o) => o || 'Not given' },
    { field: 'budget', options: s?.budgets ?? [], optionLabel: (o) => o || 'Not given' },
    { field: 'timeline', options: s?.timelines ?? [], optionLabel: (o) => o || 'Not given' },
  ];
  return (
    <div className="mt-4">
      <EditorForm heading="Add a lead" submitLabel="Add lead" onSubmit={save} onCancel={() => { setDraft(EMPTY_LEAD); onDone(); }} dirty={dirty} attempt={attempt}>
        {TEXT_FIELDS.map(({ field, type }) => (
          <TextField
            key={field}
            label={LEAD_LABELS[field]}
            type={type}
            value={draft[field]}
            onChange={set(field)}
            required={field === 'name'}
            hint={field === 'phone' ? 'A phone or an e-mail address, to reach them by.' : undefined}
            error={errorOf(LEAD_LABELS[field])}
          />
        ))}
        {choices.map(({ field, options, optionLabel }) => (
          <SelectField
            key={field}
            label={LEAD_LABELS[field]}
            value={draft[field]}
            options={field === 'stage' ? options : ['', ...options]}
            optionLabel={optionLabel}
            onChange={set(field)}
            error={errorOf(LEAD_LABELS[field])}
          />
        ))}
        <TextField label={LEAD_LABELS.followUpOn} type="date" value={draft.followUpOn} onChange={set('followUpOn')} error={errorOf(LEAD_LABELS.followUpOn)} />
        <TextField label={LEAD_LABELS.message} rows={3} value={draft.message} onChange={set('message')} error={errorOf(LEAD_LABELS.message)} className="md:col-span-2" />
      </EditorForm>
    </div>
  );
}
