import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { PROJECT_CATEGORIES, type ProjectPayload } from './api';
import { CheckboxField, EditorForm, SelectField, TextField, UploadButton, useDraft } from './editor/fields';
import {
  missingProjectFields,
  moveRow,
  newKey,
  payloadFromDraft,
  removeRow,
  replaceRow,
  type GalleryDraft,
  type ProjectDraft,
  type SectionDraft,
} from './projectForm';
import { buttonStyles, labelClass } from './ui';

/** Small icon buttons that move or remove one row of a list inside the form. */
function RowControls({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (step: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex shrink-0 gap-1 self-end">
      <button type="button" className={`${buttonStyles.plain} px-2`} disabled={index === 0} aria-label={`Move ${name} up`} onClick={() => onMove(-1)}>
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className={`${buttonStyles.plain} px-2`}
        disabled={index === count - 1}
        aria-label={`Move ${name} down`}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
      <button type="button" className={`${buttonStyles.danger} px-2`} aria-label={`Remove ${name}`} onClick={onRemove}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-sm border border-sand-200 p-4 md:col-span-2">
      <legend className={`${labelClass} px-1`}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Create or edit one project with its case study: every field, sections, bullets and gallery. */
export function ProjectForm({
  mode,
  initial,
  onSave,
  onCancel,
}: {
  mode: 'create' | 'edit';
  initial: ProjectDraft;
  onSave: (payload: ProjectPayload) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { draft, setDraft, set, invalid, check } = useDraft(initial, missingProjectFields);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);
  const setSections = (update: (sections: SectionDraft[]) => SectionDraft[]) =>
    setDraft((current) => ({ ...current, sections: update(current.sections) }));
  const setGallery = (update: (gallery: GalleryDraft[]) => GalleryDraft[]) =>
    setDraft((current) => ({ ...current, gallery: update(current.gallery) }));

  const submit = () => check() && onSave(payloadFromDraft(draft));

  return (
    <EditorForm
      heading={mode === 'create' ? 'New Project' : 'Edit Project'}
      submitLabel={mode === 'create' ? 'Create Project' : 'Save Changes'}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField label="Title" required value={draft.title} onChange={set('title')} invalid={invalid.includes('Title')} inputRef={firstField} />
      <TextField
        label="Slug"
        value={draft.slug}
        onChange={set('slug')}
        hint="The address: /portfolio/slug. Lower-case letters, digits and hyphens; left empty, it is made from the title. A changed slug keeps the old address as a redirect."
      />
      <TextField label="Headline" value={draft.headline} onChange={set('headline')} hint="The case study's heading." className="md:col-span-2" />
      <SelectField label="Category" value={draft.category} options={PROJECT_CATEGORIES} onChange={set('category')} />
      <TextField label="Year" type="number" value={draft.year} onChange={set('year')} />
      <TextField label="Location" value={draft.location} onChange={set('location')} />
      <TextField label="Tags" value={draft.tags} onChange={set('tags')} hint="Separated by commas." />
      <TextField
        label="Description"
        rows={2}
        value={draft.description}
        onChange={set('description')}
        hint="One or two sentences: the portfolio card and the search-engine description."
        className="md:col-span-2"
      />
      <TextField label="Introduction" rows={4} value={draft.intro} onChange={set('intro')} className="md:col-span-2" />

      <Group legend="Cover image">
        <div className="flex flex-wrap items-end gap-3">
          <TextField label="Cover image URL" value={draft.coverUrl} onChange={set('coverUrl')} className="min-w-0 flex-1 basis-60" />
          <UploadButton label="Upload cover" onUploaded={([url]) => url && set('coverUrl')(url)} />
        </div>
        {draft.coverUrl.trim() && (
          <img src={draft.coverUrl.trim()} alt="Preview of the cover" width={240} height={180} className="aspect-[4/3] w-60 rounded-sm bg-sand object-cover" />
        )}
      </Group>

      <Group legend="Case study sections">
        {draft.sections.length === 0 && <p className="text-sm text-stone-600">No sections yet.</p>}
        {draft.sections.map((section, s) => {
          const sectionName = `section ${s + 1}`;
          const setSection = (next: SectionDraft) => setSections((all) => replaceRow(all, s, next));
          return (
            <div key={section.key} className="grid gap-3 rounded-sm bg-ivory p-3" data-testid="section-editor">
              <div className="flex flex-wrap items-end gap-2">
                <TextField
                  label={`Section ${s + 1} title`}
                  invalid={invalid.includes(`Section ${s + 1} title`)}
                  value={section.title}
                  onChange={(title) => setSection({ ...section, title })}
                  className="min-w-0 flex-1 basis-60"
                />
                <RowControls
                  name={sectionName}
                  index={s}
                  count={draft.sections.length}
                  onMove={(step) => setSections((all) => moveRow(all, s, step))}
                  onRemove={() => setSections((all) => removeRow(all, s))}
                />
              </div>
              <ul className="grid gap-2 pl-4" aria-label={`Points of section ${s + 1}`}>
                {section.bullets.map((bullet, b) => (
                  <li key={bullet.key} className="flex flex-wrap items-end gap-2">
                    <TextField
                      label={`Point ${b + 1} of section ${s + 1}`}
                      value={bullet.text}
                      onChange={(text) => setSection({ ...section, bullets: replaceRow(section.bullets, b, { ...bullet, text }) })}
                      className="min-w-0 flex-1 basis-60"
                    />
                    <RowControls
                      name={`point ${b + 1} of section ${s + 1}`}
                      index={b}
                      count={section.bullets.length}
                      onMove={(step) => setSection({ ...section, bullets: moveRow(section.bullets, b, step) })}
                      onRemove={() => setSection({ ...section, bullets: removeRow(section.bullets, b) })}
                    />
                  </li>
                ))}
              </ul>
              <div>
                <button
                  type="button"
                  className={buttonStyles.plain}
                  onClick={() => setSection({ ...section, bullets: [...section.bullets, { key: newKey(), text: '' }] })}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  Add point<span className="sr-only"> to section {s + 1}</span>
                </button>
              </div>
            </div>
          );
        })}
        <div>
          <button
            type="button"
            className={buttonStyles.plain}
            onClick={() => setSections((all) => [...all, { key: newKey(), title: '', bullets: [{ key: newKey(), text: '' }] }])}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add section
          </button>
        </div>
      </Group>

      <Group legend="Gallery">
        {draft.gallery.length === 0 && <p className="text-sm text-stone-600">No images yet. Upload several at once; each needs alt text before the project is published.</p>}
        <ul className="grid gap-3" aria-label="Gallery images">
          {draft.gallery.map((image, g) => (
            <li key={image.key} className="flex flex-wrap items-end gap-3" data-testid="gallery-row">
              <img src={image.imageUrl} alt="" width={120} height={90} className="aspect-[4/3] w-30 shrink-0 rounded-sm bg-sand object-cover" />
              <TextField
                label={`Alt text of image ${g + 1}`}
                value={image.alt}
                onChange={(alt) => setGallery((all) => replaceRow(all, g, { ...image, alt }))}
                invalid={invalid.includes(`Alt text of gallery image ${g + 1}`)}
                hint="What the picture shows, for visitors who cannot see it."
                className="min-w-0 flex-1 basis-60"
              />
              <RowControls
                name={`image ${g + 1}`}
                index={g}
                count={draft.gallery.length}
                onMove={(step) => setGallery((all) => moveRow(all, g, step))}
                onRemove={() => setGallery((all) => removeRow(all, g))}
              />
            </li>
          ))}
        </ul>
        <div>
          <UploadButton
            label="Upload images"
            multiple
            onUploaded={(urls) => setGallery((all) => [...all, ...urls.map((imageUrl) => ({ key: newKey(), imageUrl, alt: '' }))])}
          />
        </div>
      </Group>

      <CheckboxField label="Published (shown on the site)" checked={draft.isActive} onChange={set('isActive')} />
    </EditorForm>
  );
}
