import { useEffect, useRef } from 'react';
import type { HeroSlidePayload } from './api';
import { CheckboxField, EditorForm, TextField, UploadButton, useDraft } from './editor/fields';
import { missingFields, payloadFromDraft, type HeroSlideDraft } from './heroSlideForm';

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
  const { draft, set, invalid, check } = useDraft(initial, missingFields);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  const submit = () => check() && onSave(payloadFromDraft(draft));

  return (
    <EditorForm
      heading={mode === 'create' ? 'New Slide' : 'Edit Slide'}
      submitLabel={mode === 'create' ? 'Create Slide' : 'Save Changes'}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField label="Title" required value={draft.title} onChange={set('title')} invalid={invalid.includes('Title')} inputRef={firstField} />
      <TextField label="Subtitle" value={draft.subtitle} onChange={set('subtitle')} />
      <div className="grid content-start gap-2 md:col-span-2">
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label="Image URL"
            required
            value={draft.imageUrl}
            onChange={set('imageUrl')}
            invalid={invalid.includes('Image URL')}
            hint="Paste an image address, or upload a photo (a wide landscape image, 1920 px across or more)."
            className="min-w-0 flex-1 basis-60"
          />
          <UploadButton label="Upload" onUploaded={([url]) => url && set('imageUrl')(url)} />
        </div>
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
      <TextField label="Button text" value={draft.buttonText} onChange={set('buttonText')} />
      <TextField
        label="Button link"
        value={draft.buttonLink}
        onChange={set('buttonLink')}
        hint="A page of this site, such as /portfolio or /contact."
      />
      <TextField label="Order" value={draft.order} onChange={set('order')} hint="Lower numbers show first. A whole number; empty means 0." />
      <CheckboxField label="Active (shown on the home page)" checked={draft.isActive} onChange={set('isActive')} />
    </EditorForm>
  );
}
