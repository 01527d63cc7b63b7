import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { API, apiRequest, ApiError } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { buttonStyles, Card, inputClass, labelClass } from '../ui';
import { type Lead, type LeadSettings, SETTINGS_PATH } from './leads';

const TEXT_FIELDS: { field: string; label: string; type: 'text' | 'tel' | 'email' }[] = [
  { field: 'name', label: 'Name', type: 'text' },
  { field: 'phone', label: 'Phone', type: 'tel' },
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'locality', label: 'Locality / city', type: 'text' },
  { field: 'size', label: 'Size (BHK or sq ft)', type: 'text' },
  { field: 'heardFrom', label: 'How they heard of us', type: 'text' },
];

/** A lead added by hand (a call, a walk-in): a name and a phone or an e-mail; errors at the field. */
export function AddLeadForm({ onDone }: { onDone: () => void }) {
  const settings = useQuery<LeadSettings>({ queryKey: [SETTINGS_PATH] });
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: string, value: string) => setValues({ ...values, [field]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
      await apiRequest<Lead>('POST', API.contacts, body);
      toastSuccess('Lead added');
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        let field: string | undefined;
        try {
          field = JSON.parse(e.body)?.field;
        } catch {
          field = undefined;
        }
        setError({ field, message: e.serverMessage ?? 'Please check the fields' });
      } else toastFailure('Failed to add the lead', e);
    } finally {
      setBusy(false);
    }
  };

  const s = settings.data;
  const choices: { field: string; label: string; options: string[] }[] = s
    ? [
        { field: 'stage', label: 'Stage', options: s.stages.map((st) => st.key) },
        { field: 'projectType', label: 'Project type', options: s.projectTypes },
        { field: 'budget', label: 'Budget', options: s.budgets },
        { field: 'timeline', label: 'Timeline', options: s.timelines },
      ]
    : [];
  const errorFor = (field: string) =>
    error?.field === field ? (
      <p id={`lead-${field}-error`} role="alert" className="mt-1 text-sm text-red-800">
        {error.message}
      </p>
    ) : null;

  return (
    <Card className="mt-4">
      <form onSubmit={(event) => void submit(event)} aria-label="Add a lead" className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ field, label, type }) => (
          <div key={field}>
            <label htmlFor={`lead-${field}`} className={labelClass}>
              {label}
            </label>
            <input
              id={`lead-${field}`}
              type={type as 'text'}
              className={`${inputClass} mt-1`}
              value={values[field] ?? ''}
              aria-invalid={error?.field === field ? 'true' : undefined}
              aria-describedby={error?.field === field ? `lead-${field}-error` : undefined}
              onInput={(event) => set(field, event.currentTarget.value)}
            />
            {errorFor(field)}
          </div>
        ))}
        {choices.map(({ field, label, options }) => (
          <div key={field}>
            <label htmlFor={`lead-${field}`} className={labelClass}>
              {label}
            </label>
            <select
              id={`lead-${field}`}
              className={`${inputClass} mt-1`}
              value={values[field] ?? ''}
              onChange={(event) => set(field, event.currentTarget.value)}
            >
              <option value="">{field === 'stage' ? 'New' : 'Not given'}</option>
              {options.map((o) => (
                <option key={o} value={o}>
                  {field === 'stage' ? (s?.stages.find((st) => st.key === o)?.label ?? o) : o}
                </option>
              ))}
            </select>
            {errorFor(field)}
          </div>
        ))}
        <div>
          <label htmlFor="lead-followUpOn" className={labelClass}>
            Next follow-up
          </label>
          <input
            id="lead-followUpOn"
            type="date"
            className={`${inputClass} mt-1`}
            value={values.followUpOn ?? ''}
            onInput={(event) => set('followUpOn', event.currentTarget.value)}
          />
          {errorFor('followUpOn')}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="lead-message" className={labelClass}>
            What they want
          </label>
          <textarea
            id="lead-message"
            rows={3}
            className={`${inputClass} mt-1`}
            value={values.message ?? ''}
            onInput={(event) => set('message', event.currentTarget.value)}
          />
        </div>
        {error && !error.field && (
          <p role="alert" className="text-sm text-red-800 sm:col-span-2">
            {error.message}
          </p>
        )}
        <div className="sticky bottom-0 flex gap-2 bg-white py-2 sm:col-span-2">
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? 'Adding…' : 'Add lead'}
          </button>
          <button type="button" className={buttonStyles.plain} onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </Card>
  );
}
