import { useEffect, useRef } from 'react';
import type { HeroSlidePayload } from '../api';
import { CheckboxField, ImageChooser, TextField } from '../editor/fields';
import { EditorForm, useDraft, type SaveResult } from '../editor/RecordForm';
import { payloadFromDraft, SLIDE_CLASH_LABELS, SLIDE_LABELS, slideProblems, type HeroSlideDraft } from './heroSlideForm';

/**
 * Create or edit one hero slide. The parent closes it (and so resets it) after a save or a cancel;
 * a failed save keeps what was typed.
 */
export function HeroSlideForm({
  mode,
  initial,
  onSave,
  onCancel,
}: {
  mode: 'create' | 'edit';
  initial: HeroSlideDraft;
  onSave: (payload: HeroSlidePayload, version?: number) => Promise<SaveResult<HeroSlideDraft>>;
  onCancel: () => void;
}) {
  const { draft, set, errorOf, submit, attempt, dirty, clashPanel } = useDraft(initial, slideProblems, SLIDE_LABELS);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  return (
    <EditorForm
      heading={mode === 'create' ? 'New Slide' : 'Edit Slide'}
      submitLabel={mode === 'create' ? 'Create Slide' : 'Save Changes'}
      onSubmit={() => submit((version) => onSave(payloadFromDraft(draft), version), 'Failed to update slide')}
      onCancel={onCancel}
      dirty={dirty}
      attempt={attempt}
      clash={clashPanel(SLIDE_CLASH_LABELS)}
    >
      <TextField label="Title" required value={draft.title} onChange={set('title')} error={errorOf('Title')} inputRef={firstField} />
      <TextField label="Subtitle" value={draft.subtitle} onChange={set('subtitle')} error={errorOf('Subtitle')} />
      <ImageChooser
        label="Photo"
        value={draft.imageUrl}
        onChange={set('imageUrl')}
        error={errorOf('Photo')}
        hint="A wide landscape photo, 1920 px across or more."
      />
      <TextField
        label="Photo description"
        value={draft.alt}
        onChange={set('alt')}
        error={errorOf('Photo description')}
        hint="What the photo shows, read aloud to visitors who cannot see it. Leave it empty when the photo is only a backdrop to the title."
      />
      <TextField label="Button text" value={draft.buttonText} onChange={set('buttonText')} error={errorOf('Button text')} />
      <TextField
        label="Button link"
        value={draft.buttonLink}
        onChange={set('buttonLink')}
        error={errorOf('Button link')}
        hint="A page of this site, such as /portfolio or /contact."
      />
      <TextField
        label="Order on the home page"
        type="number"
        value={draft.order}
        onChange={set('order')}
        hint="Slides with lower numbers show first (0 before 1). A new slide starts first."
      />
      <CheckboxField label="Active (shown on the home page)" checked={draft.isActive} onChange={set('isActive')} />
    </EditorForm>
  );
}
