import { ArrowDown, ArrowUp, ImageIcon, Plus, X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { PROJECT_CATEGORIES, type ProjectPayload } from '../api';
import { CheckboxField, ImageChooser, SelectField, TextField, Thumbnail, UploadButton } from '../editor/fields';
import { EditorForm, useDraft, type SaveResult } from '../editor/RecordForm';
import {
  PROJECT_LABELS,
  projectProblems,
  moveRow,
  newKey,
  payloadFromDraft,
  removeRow,
  replaceRow,
  withUploads,
  type GalleryDraft,
  type ProjectDraft,
  type SectionDraft,
} from './projectForm';
import { slug } from '../../lib/slug';
import { buttonStyles } from '../ui';

/** The fields a clash compares, by the labels the form shows. */
export const CLASH_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Web address',
  headline: 'Headline',
  category: 'Category',
  year: 'Year',
  location: 'Location',
  tags: 'Tags',
  description: 'Description',
  intro: 'Introduction',
  coverUrl: 'Cover photo',
  sections: 'Case study sections',
  gallery: 'Gallery',
  isActive: 'Published',
};

/** Move and remove buttons of one row of a list inside the form, on their own line under it. */
function RowControls({
  name,
  index,
  count,
  onMove,
  onRemove,
  children,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (step: number) => void;
  onRemove: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={buttonStyles.plain} disabled={index === 0} aria-label={`Move ${name} up`} onClick={() => onMove(-1)}>
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className={buttonStyles.plain}
        disabled={index === count - 1}
        aria-label={`Move ${name} down`}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
      {children}
      <button type="button" className={buttonStyles.danger} aria-label={`Remove ${name}`} onClick={onRemove}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** A part of the form: a heading and a rule, never a box in a box. */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4 border-t border-sand-200 pt-4 md:col-span-2">
      <legend className="pr-3 font-display text-xl">{legend}</legend>
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
  onSave: (payload: ProjectPayload, version?: number) => Promise<SaveResult<ProjectDraft>>;
  onCancel: () => void;
}) {
  const { draft, setDraft, set, errorOf, submit, attempt, dirty, clashPanel } = useDraft(initial, projectProblems, PROJECT_LABELS);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);
  const setSections = (update: (sections: SectionDraft[]) => SectionDraft[]) =>
    setDraft((current) => ({ ...current, sections: update(current.sections) }));
  const setGallery = (update: (gallery: GalleryDraft[]) => GalleryDraft[]) =>
    setDraft((current) => ({ ...current, gallery: update(current.gallery) }));
  const site = typeof location === 'undefined' ? '' : location.origin;

  return (
    <EditorForm
      heading={mode === 'create' ? 'New Project' : 'Edit Project'}
      submitLabel={mode === 'create' ? 'Create Project' : 'Save Changes'}
      onSubmit={() => submit((version) => onSave(payloadFromDraft(draft), version), 'Failed to save project')}
      onCancel={onCancel}
      dirty={dirty}
      attempt={attempt}
      clash={clashPanel(CLASH_LABELS)}
    >
      <TextField label="Title" required value={draft.title} onChange={set('title')} error={errorOf('Title')} inputRef={firstField} />
      <TextField
        label="Web address"
        value={draft.slug}
        onChange={set('slug')}
        error={errorOf('Web address')}
        prefix={`${site}/portfolio/`}
        suggested={slug(draft.title)}
        hint="Left empty, it is made from the title (Gachibowli Café becomes gachibowli-cafe). Lower-case letters, digits and hyphens. A changed address keeps the old one working."
      />
      <TextField label="Headline" value={draft.headline} onChange={set('headline')} hint="The case study's heading." className="md:col-span-2" />
      <SelectField label="Category" value={draft.category} options={PROJECT_CATEGORIES} onChange={set('category')} />
      <TextField label="Year" type="number" value={draft.year} onChange={set('year')} error={errorOf('Year')} />
      <TextField label="Location" value={draft.location} onChange={set('location')} error={errorOf('Location')} />
      <TextField label="Tags" value={draft.tags} onChange={set('tags')} hint="Separated by commas." />
      <TextField
        label="Description"
        rows={2}
        value={draft.description}
        onChange={set('description')}
        error={errorOf('Description')}
        hint="One or two sentences: the portfolio card and the search-engine description."
        className="md:col-span-2"
      />
      <TextField label="Introduction" rows={4} value={draft.intro} onChange={set('intro')} className="md:col-span-2" />

      <ImageChooser
        label="Cover photo"
        value={draft.coverUrl}
        onChange={set('coverUrl')}
        error={errorOf('Cover photo')}
        hint="Shown on the portfolio and the home page. You can also use one of the gallery's photos below."
      />

      <Group legend="Case study sections">
        {draft.sections.length === 0 && <p className="text-sm text-stone-600">No sections yet.</p>}
        {draft.sections.map((section, s) => {
          const sectionName = `section ${s + 1}`;
          const setSection = (next: SectionDraft) => setSections((all) => replaceRow(all, s, next));
          return (
            <div key={section.key} className="grid gap-3 border-b border-sand-200 pb-4" data-testid="section-editor">
              <div className="grid gap-2">
                <TextField
                  label={`Section ${s + 1} title`}
                  error={errorOf(`Section ${s + 1} title`)}
                  value={section.title}
                  onChange={(title) => setSection({ ...section, title })}
                />
                <RowControls
                  name={sectionName}
                  index={s}
                  count={draft.sections.length}
                  onMove={(step) => setSections((all) => moveRow(all, s, step))}
                  onRemove={() => setSections((all) => removeRow(all, s))}
                />
              </div>
              <ul className="grid gap-3" aria-label={`Points of section ${s + 1}`}>
                {section.bullets.map((bullet, b) => (
                  <li key={bullet.key} className="grid gap-2">
                    <TextField
                      label={`Point ${b + 1} of section ${s + 1}`}
                      value={bullet.text}
                      onChange={(text) => setSection({ ...section, bullets: replaceRow(section.bullets, b, { ...bullet, text }) })}
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
            <li key={image.key} className="grid gap-2 border-b border-sand-200 pb-4 sm:flex sm:gap-4" data-testid="gallery-row">
              <Thumbnail url={image.imageUrl} alt="" width={120} height={90} className="aspect-[4/3] w-30 shrink-0 rounded-sm bg-sand object-cover" />
              <div className="grid min-w-0 flex-1 gap-2">
                <TextField
                  label={`Alt text of image ${g + 1}`}
                  value={image.alt}
                  onChange={(alt) => setGallery((all) => replaceRow(all, g, { ...image, alt }))}
                  error={errorOf(`Alt text of image ${g + 1}`)}
                  hint="What the picture shows, for visitors who cannot see it."
                />
                <RowControls
                  name={`image ${g + 1}`}
                  index={g}
                  count={draft.gallery.length}
                  onMove={(step) => setGallery((all) => moveRow(all, g, step))}
                  onRemove={() => setGallery((all) => removeRow(all, g))}
                >
                  <button
                    type="button"
                    className={buttonStyles.plain}
                    disabled={draft.coverUrl === image.imageUrl}
                    aria-label={`${draft.coverUrl === image.imageUrl ? 'The cover' : 'Use as cover'}: image ${g + 1}`}
                    onClick={() => set('coverUrl')(image.imageUrl)}
                  >
                    <ImageIcon aria-hidden="true" className="size-4" />
                    {draft.coverUrl === image.imageUrl ? 'The cover' : 'Use as cover'}
                  </button>
                </RowControls>
              </div>
            </li>
          ))}
        </ul>
        <div>
          <UploadButton
            label="Upload images"
            multiple
            onUploaded={(urls) => setGallery((all) => withUploads(all, urls))}
          />
        </div>
      </Group>

      <CheckboxField label="Published (shown on the site)" checked={draft.isActive} onChange={set('isActive')} />
    </EditorForm>
  );
}
