import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { HeroSlidePayload } from './api';
import { ACCEPTED_IMAGES } from '../lib/images';
import { uploadFile } from './api';
import { toastFailure } from './feedback';
import { missingFields, payloadFromDraft, type HeroSlideDraft } from './heroSlideForm';
import { buttonStyles, Card, inputClass, labelClass } from './ui';

type TextField = Exclude<keyof HeroSlideDraft, 'isActive'>;

/**
 * Create or edit one hero slide. The parent closes it (and so resets it) after a save or a cancel;
 * `onSave` resolves to whether the save worked, so that a failed save keeps what was typed.
 */
export function HeroSlideForm({
  mode,
  initial,
  onSave,
  onCancel,
}: {
  mode: 'create' | 'edit';
  initial: HeroSlideDraft;
  onSave: (payload: HeroSlidePayload) => Promise<boolean>;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const set = (field: TextField) => (event: { currentTarget: HTMLInputElement }) =>
    setDraft((current) => ({ ...current, [field]: event.currentTarget.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingFields(draft);
    setInvalid(missing);
    if (missing.length > 0) {
      toastFailure(`Please fill in: ${missing.join(', ')}.`);
      return;
    }
    setSaving(true);
    const saved = await onSave(payloadFromDraft(draft));
    // After a successful save the parent has closed this form; only a failure returns here mounted.
    if (!saved) setSaving(false);
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const fileUrl = await uploadFile(file);
      setDraft((current) => ({ ...current, imageUrl: fileUrl }));
    } catch (error) {
      toastFailure('Upload failed', error);
    } finally {
      setUploading(false);
      if (filePicker.current) filePicker.current.value = '';
    }
  };

  const field = (name: TextField, label: string, options: { required?: boolean; hint?: string } = {}) => {
    const isInvalid = invalid.includes(label);
    return (
      <div className="grid content-start gap-2">
        <label htmlFor={`${id}-${name}`} className={labelClass}>
          {label}
          {options.required && <span className="text-red-800"> (required)</span>}
        </label>
        <input
          id={`${id}-${name}`}
          ref={name === 'title' ? firstField : undefined}
          value={draft[name]}
          onInput={set(name)}
          required={options.required}
          aria-invalid={isInvalid || undefined}
          aria-describedby={options.hint ? `${id}-${name}-hint` : undefined}
          inputMode={name === 'order' ? 'numeric' : undefined}
          className={inputClass}
        />
        {options.hint && (
          <p id={`${id}-${name}-hint`} className="text-xs text-stone-600">
            {options.hint}
          </p>
        )}
      </div>
    );
  };

  const heading = mode === 'create' ? 'New Slide' : 'Edit Slide';
  return (
    <Card className="mb-8">
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
        <h3 id={`${id}-heading`} className="font-display text-2xl">
          {heading}
        </h3>
        <div className="mt-6 grid gap-5 md:grid-cols-2">
          {field('title', 'Title', { required: true })}
          {field('subtitle', 'Subtitle')}
          <div className="grid content-start gap-2 md:col-span-2">
            <label htmlFor={`${id}-imageUrl`} className={labelClass}>
              Image URL<span className="text-red-800"> (required)</span>
            </label>
            <div className="flex flex-wrap gap-3">
              <input
                id={`${id}-imageUrl`}
                value={draft.imageUrl}
                onInput={set('imageUrl')}
                required
                aria-invalid={invalid.includes('Image URL') || undefined}
                aria-describedby={`${id}-imageUrl-hint`}
                className={`${inputClass} min-w-0 flex-1 basis-60`}
              />
              <input
                ref={filePicker}
                type="file"
                accept={ACCEPTED_IMAGES}
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) void upload(file);
                }}
              />
              <button
                type="button"
                className={buttonStyles.plain}
                disabled={uploading}
                onClick={() => filePicker.current?.click()}
              >
                <Upload aria-hidden="true" className="size-4" />
                {uploading ? 'Uploading…' : 'Upload'}
              </button>
            </div>
            <p id={`${id}-imageUrl-hint`} className="text-xs text-stone-600">
              Paste an image address, or upload a photo (a wide landscape image, 1920 px across or more).
            </p>
            {draft.imageUrl.trim() && (
              <img
                src={draft.imageUrl.trim()}
                alt="Preview of the slide image"
                width={240}
                height={135}
                className="mt-2 aspect-video w-60 rounded-sm bg-sand object-cover"
              />
            )}
          </div>
          {field('buttonText', 'Button text')}
          {field('buttonLink', 'Button link', { hint: 'A page of this site, such as /portfolio or /contact.' })}
          {field('order', 'Order', { hint: 'Lower numbers show first. A whole number; empty means 0.' })}
          <div className="flex items-center gap-3 self-center">
            <input
              id={`${id}-isActive`}
              type="checkbox"
              checked={draft.isActive}
              onChange={(event) => {
                const isActive = event.currentTarget.checked;
                setDraft((current) => ({ ...current, isActive }));
              }}
              className="size-5 accent-brass-600"
            />
            <label htmlFor={`${id}-isActive`} className={labelClass}>
              Active (shown on the home page)
            </label>
          </div>
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary" disabled={saving || uploading}>
            {saving ? 'Saving…' : mode === 'create' ? 'Create Slide' : 'Save Changes'}
          </button>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Card>
  );
}
