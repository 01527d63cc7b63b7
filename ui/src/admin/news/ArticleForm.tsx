// Create or edit one article of the journal, in the panel's one editor pattern: its fields, its
// body of blocks, and how it is published (now, as a draft, or at a day and time on the studio's
// clocks), with the action bar that stays on screen and errors at the field.
import { Eye, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CheckboxField, ImageChooser, TextField } from '../editor/fields';
import { useLeaveGuard, mayLeave } from '../editor/leaveGuard';
import { EditorForm, useDraft, type SaveResult } from '../editor/RecordForm';
import { splitTags } from '../editor/tags';
import { buttonStyles, labelClass } from '../ui';
import { addressOf, ARTICLE_LABELS, articleProblems, firstParagraph, offsetMinutes, offsetText, type ArticleDraft, type ArticlePayload, type Publishing, payloadFromDraft } from './article';
import { BlockEditor } from './BlockEditor';

/** The fields a clash compares, by the labels the form shows. */
export const CLASH_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Web address',
  date: 'Date',
  coverUrl: 'Cover photo',
  coverAlt: 'Cover alt text',
  excerpt: 'Excerpt',
  tags: 'Tags',
  body: 'The article',
  publishing: 'Publishing',
  scheduleDay: 'Publish on',
  scheduleTime: 'Publish at',
  isActive: 'On the site',
};

const PUBLISHING: { value: Publishing; label: string; hint: string }[] = [
  { value: 'now', label: 'Publish now', hint: 'On the journal, the home page and the feed as soon as it is saved.' },
  { value: 'draft', label: 'Save as draft', hint: 'Only you see it, with Preview.' },
  { value: 'schedule', label: 'Schedule', hint: 'Published by itself at the day and time you choose.' },
];

const LEAVE_QUESTION = 'Leave this article without saving your changes?';

export function ArticleForm({
  mode,
  initial,
  zone,
  tagsInUse,
  onSave,
  onCancel,
  onPreview,
}: {
  mode: 'create' | 'edit';
  initial: ArticleDraft;
  /** The studio's time zone (IANA name): a schedule's day and time are on its clocks. */
  zone: string;
  tagsInUse: string[];
  onSave: (payload: ArticlePayload, version?: number) => Promise<SaveResult<ArticleDraft>>;
  onCancel: () => void;
  /** Opens the article as last saved (editing only). */
  onPreview?: () => void;
}) {
  const { draft, setDraft, set, errors, errorOf, submit, attempt, dirty, clashPanel } = useDraft(
    initial,
    (d) => articleProblems(d, Date.now(), zone),
    ARTICLE_LABELS,
  );
  // The web address follows the title until the owner edits it; a stored article's stays put.
  const [addressEdited, setAddressEdited] = useState(mode === 'edit' || initial.slug !== '');
  const firstField = useRef<HTMLInputElement>(null);
  const statusId = useId();
  useEffect(() => firstField.current?.focus(), []);
  useLeaveGuard(dirty, LEAVE_QUESTION);
  const site = typeof location === 'undefined' ? '' : location.origin;

  const chosenTags = splitTags(draft.tags);
  const suggestions = tagsInUse.filter((tag) => !chosenTags.some((chosen) => chosen.toLowerCase() === tag.toLowerCase())).slice(0, 12);
  const fallbackExcerpt = firstParagraph(draft.body);
  const offset = offsetText(offsetMinutes(zone, new Date()));

  const submitLabel = mode === 'edit' ? 'Save Changes' : draft.publishing === 'draft' ? 'Save Draft' : draft.publishing === 'schedule' ? 'Schedule' : 'Publish';

  return (
    <EditorForm
      heading={mode === 'create' ? 'New News Item' : 'Edit News Item'}
      submitLabel={submitLabel}
      onSubmit={() => submit((version) => onSave(payloadFromDraft(draft, zone), version), 'Failed to save news item')}
      onCancel={() => {
        if (mayLeave()) onCancel();
      }}
      dirty={dirty}
      attempt={attempt}
      clash={clashPanel(CLASH_LABELS)}
      actions={
        onPreview && (
          <button type="button" className={buttonStyles.plain} onClick={onPreview}>
            <Eye aria-hidden="true" className="size-4" />
            Preview
            <span className="sr-only">{dirty ? ' as last saved' : ''} (opens in a new tab)</span>
          </button>
        )
      }
    >
      <TextField
        label="Title"
        required
        value={draft.title}
        inputRef={firstField}
        error={errorOf('Title')}
        className="md:col-span-2"
        onChange={(title) => setDraft((current) => ({ ...current, title, slug: addressEdited ? current.slug : addressOf(title) }))}
      />
      <TextField
        label="Web address"
        value={draft.slug}
        error={errorOf('Web address')}
        prefix={`${site}/news/`}
        hint={
          addressEdited
            ? 'Lower-case letters, digits and hyphens. A changed address keeps the old one working.'
            : 'Made from the title as you type it; change it here if you like.'
        }
        onChange={(slug) => {
          setAddressEdited(true);
          set('slug')(slug);
        }}
      />
      <TextField label="Date" type="date" required value={draft.date} onChange={set('date')} error={errorOf('Date')} hint="Shown with the article." />

      <ImageChooser label="Cover photo" value={draft.coverUrl} onChange={set('coverUrl')} error={errorOf('Cover photo')} hint="At the top of the article, on its card and when the link is shared.">
        {draft.coverUrl && (
          <button type="button" className={buttonStyles.plain} onClick={() => setDraft((current) => ({ ...current, coverUrl: '', coverAlt: '' }))}>
            No cover
          </button>
        )}
      </ImageChooser>
      {draft.coverUrl && (
        <TextField
          label="Alt text of the cover photo"
          required
          value={draft.coverAlt}
          onChange={set('coverAlt')}
          error={errorOf('Cover alt text')}
          hint="What the photo shows, for visitors who cannot see it."
          className="md:col-span-2"
        />
      )}

      <TextField
        label="Excerpt"
        rows={3}
        value={draft.excerpt}
        onChange={set('excerpt')}
        error={errorOf('Excerpt')}
        className="md:col-span-2"
        hint={`Used on the journal's cards, in the feed and by search engines. Left empty, the first paragraph is used${fallbackExcerpt ? `: "${fallbackExcerpt.slice(0, 120)}${fallbackExcerpt.length > 120 ? '…' : ''}"` : '.'}`}
      />

      <div className="grid min-w-0 content-start gap-2 md:col-span-2">
        <TextField label="Tags" value={draft.tags} onChange={set('tags')} error={errorOf('Tags')} hint="Separated by commas. Visitors can list the articles of a tag." />
        {suggestions.length > 0 && (
          <div role="group" aria-label="Suggested tags" className="flex flex-wrap items-center gap-2">
            <span className="text-xs text-stone-600">In use:</span>
            {suggestions.map((tag) => (
              <button key={tag} type="button" className={buttonStyles.plain} aria-label={`Add tag ${tag}`} onClick={() => set('tags')([...chosenTags, tag].join(', '))}>
                <Plus aria-hidden="true" className="size-4" />
                {tag}
              </button>
            ))}
          </div>
        )}
      </div>

      <BlockEditor body={draft.body} errors={errors} onChange={(update) => setDraft((current) => ({ ...current, body: update(current.body) }))} />

      <fieldset className="grid min-w-0 gap-3 border-t border-sand-200 pt-4 md:col-span-2" aria-describedby={`${statusId}-zone`}>
        <legend className="pr-3 font-display text-xl">Publishing</legend>
        <div className="grid gap-2">
          {PUBLISHING.map((option) => (
            <label key={option.value} className="flex min-h-11 items-start gap-3 rounded-sm border border-sand-200 p-3 has-[:checked]:border-brass-600">
              <input
                type="radio"
                name={`${statusId}-publishing`}
                value={option.value}
                checked={draft.publishing === option.value}
                onChange={() => set('publishing')(option.value)}
                className="mt-0.5 size-6 shrink-0 accent-brass-600"
              />
              <span>
                <span className={labelClass}>{option.label}</span>
                <span className="block text-xs text-stone-600">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {draft.publishing === 'schedule' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Publish on" type="date" required value={draft.scheduleDay} error={errorOf('Publish on')} onChange={(day) => setDraft((current) => ({ ...current, scheduleDay: day, date: day || current.date }))} />
            <TextField label="Publish at" type="time" required value={draft.scheduleTime} onChange={set('scheduleTime')} error={errorOf('Publish at')} />
          </div>
        )}
        <p id={`${statusId}-zone`} className="text-xs text-stone-600">
          Times are the studio's: {zone} (UTC{offset}).
        </p>
        <CheckboxField label="On the site (untick to take it off without deleting it)" checked={draft.isActive} onChange={set('isActive')} />
      </fieldset>
    </EditorForm>
  );
}
