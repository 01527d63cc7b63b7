// Labelled form controls shared by the editors: every control has a visible label, a hint tied to
// it, and aria-invalid when the save named it as missing.
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { ACCEPTED_IMAGES } from '../../lib/images';
import { uploadFile } from '../api';
import { toastFailure } from '../feedback';
import { buttonStyles, Card, inputClass, labelClass } from '../ui';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: string;
  invalid?: boolean;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  type?: 'text' | 'date' | 'number';
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

export function TextField({ label, value, onChange, required, hint, invalid, rows, type = 'text', inputRef, className = '' }: FieldProps) {
  const id = useId();
  const common = {
    id,
    value,
    required,
    'aria-invalid': invalid || undefined,
    'aria-describedby': hint ? `${id}-hint` : undefined,
    className: inputClass,
  };
  return (
    <div className={`grid content-start gap-2 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && <span className="text-red-800"> (required)</span>}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} onInput={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...common} ref={inputRef} type={type as 'text'} onInput={(event) => onChange(event.currentTarget.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid content-start gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)} className={inputClass}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 self-center">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="size-5 accent-brass-600"
      />
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
    </div>
  );
}

/**
 * A button that opens the file picker and uploads what is chosen, one file or several in order;
 * `onUploaded` gets each stored URL. A failed file says so and the others still go.
 */
export function UploadButton({
  label,
  multiple = false,
  accept = ACCEPTED_IMAGES,
  onUploaded,
}: {
  label: string;
  multiple?: boolean;
  /** The file picker's types; images unless told (the brochure takes a PDF). */
  accept?: string;
  /** Each stored URL, with the name of the file it came from. */
  onUploaded: (urls: string[], names: string[]) => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (files: File[]) => {
    setUploading(true);
    const urls: string[] = [];
    const names: string[] = [];
    for (const file of files) {
      try {
        urls.push(await uploadFile(file));
        names.push(file.name);
      } catch (error) {
        toastFailure('Upload failed', error);
      }
    }
    setUploading(false);
    if (picker.current) picker.current.value = '';
    if (urls.length > 0) onUploaded(urls, names);
  };

  return (
    <>
      <input
        ref={picker}
        type="file"
        accept={accept}
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          if (files.length > 0) void upload(files);
        }}
      />
      <button type="button" className={buttonStyles.plain} disabled={uploading} onClick={() => picker.current?.click()}>
        <Upload aria-hidden="true" className="size-4" />
        {uploading ? 'Uploading…' : label}
      </button>
    </>
  );
}

/**
 * The frame of an editor's form: heading, fields, and Save / Cancel. `onSubmit` resolves to whether
 * the save worked; a failed save keeps what was typed.
 */
export function EditorForm({
  heading,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  heading: string;
  submitLabel: string;
  /** false at once when a check failed (nothing sent); else whether the save worked. */
  onSubmit: () => Promise<boolean> | false;
  onCancel: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saving = onSubmit();
    if (saving === false) return;
    setSaving(true);
    // After a successful save the parent has closed this form; only a failure returns here mounted.
    if (!(await saving)) setSaving(false);
  };
  return (
    <Card className="mb-8">
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
        <h3 id={`${id}-heading`} className="font-display text-2xl">
          {heading}
        </h3>
        <div className="mt-6 grid gap-5 md:grid-cols-2">{children}</div>
        <div className="mt-8 flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : submitLabel}
          </button>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Card>
  );
}

/** Names the missing required fields in a toast; true when there are none. */
export function checkRequired(missing: string[]): boolean {
  if (missing.length === 0) return true;
  toastFailure(`Please fill in: ${missing.join(', ')}.`);
  return false;
}

/** A form's fields while the owner types, and the check before a save that marks what is missing. */
export function useDraft<D>(initial: D, missingOf: (draft: D) => string[]) {
  const [draft, setDraft] = useState(initial);
  const [invalid, setInvalid] = useState<string[]>([]);
  const set =
    <K extends keyof D>(field: K) =>
    (value: D[K]) =>
      setDraft((current) => ({ ...current, [field]: value }));
  const check = () => {
    const missing = missingOf(draft);
    setInvalid(missing);
    return checkRequired(missing);
  };
  return { draft, setDraft, set, invalid, check };
}
