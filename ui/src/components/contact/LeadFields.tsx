import type { TargetedEvent } from 'react';
import type { LeadField, LeadForm } from '../../lib/site';
import { type ContactFields, type FieldErrors, LEAD_FIELDS } from './contactForm';

interface Props {
  form: LeadForm;
  fields: ContactFields;
  errors: FieldErrors;
  readOnly: boolean;
  onEdit: (
    field: LeadField,
  ) => (event: TargetedEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  inputClass: string;
  labelClass: string;
  /** The owner's name for each field (the contact record's `form.labels`). */
  labels: Record<LeadField, string>;
}

/**
 * The enquiry's optional fields, as the owner set them (shown, optional or required), each with its
 * error beside it. Plain inputs and selects with the server's names, so the form also posts natively.
 */
export function LeadFields({ form, fields, errors, readOnly, onEdit, inputClass, labelClass, labels }: Props) {
  const choices: Partial<Record<LeadField, string[]>> = {
    projectType: form.projectTypes,
    budget: form.budgets,
    timeline: form.timelines,
  };
  const shown = LEAD_FIELDS.filter((field) => form.fields[field] !== 'hidden');
  if (shown.length === 0) return null;
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2">
      {shown.map((field) => {
        const id = `contact-${field}`;
        const required = form.fields[field] === 'required';
        const error = errors[field];
        const common = {
          id,
          name: field,
          value: fields[field],
          onInput: onEdit(field),
          readOnly,
          'aria-required': required ? ('true' as const) : undefined,
          'aria-invalid': error ? ('true' as const) : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          className: inputClass,
        };
        const options = choices[field];
        return (
          <div key={field}>
            <label htmlFor={id} className={labelClass}>
              {labels[field]}
              {!required && <span className="font-normal text-stone-600"> (optional)</span>}
            </label>
            {options ? (
              <select {...common} onChange={onEdit(field)} disabled={readOnly}>
                <option value="">Choose…</option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : field === 'phone' ? (
              <input {...common} type="tel" autoComplete="tel" inputMode="tel" maxLength={40} placeholder="98480 12345" />
            ) : (
              <input {...common} type="text" maxLength={field === 'size' ? 50 : 100} />
            )}
            {error && (
              <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
