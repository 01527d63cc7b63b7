// An article's body as a list of blocks the owner adds, edits, reorders and removes, by touch or
// keyboard, on a 360 px phone: each block a card with its own fields, moved with the panel's
// SortableList (handle, arrow keys, Move up / Move down, Move to top / bottom), its errors at the
// field the server or the check named (`body[3].alt` -> block 4's alt text).
import { Heading, Image, Images, List, Pilcrow, Quote, SplitSquareHorizontal, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { MAX_BLOCKS, MAX_PHOTOS } from '../../lib/journal';
import { CheckboxField, FieldError, ImageChooser, SelectField, TextField } from '../editor/fields';
import { SortableList } from '../editor/SortableList';
import { buttonStyles, inputClass, labelClass } from '../ui';
import { BLOCK_NAMES, blockField, blockFieldKeys, newBlock, photoCount, photosOf, type BlockDraft, type BlockType, type PhotoDraft, type PhotoSlot, withPhotoUrl } from './article';

type ErrorOf = (key: string) => string | undefined;
type Errors = Record<string, string>;

const ADDABLE: { type: BlockType; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }> }[] = [
  { type: 'heading', icon: Heading },
  { type: 'paragraph', icon: Pilcrow },
  { type: 'list', icon: List },
  { type: 'quote', icon: Quote },
  { type: 'image', icon: Image },
  { type: 'pair', icon: Images },
  { type: 'beforeAfter', icon: SplitSquareHorizontal },
];

const MARKUP_HINT = '*Emphasis* and [a link](/contact) are allowed; no HTML.';

/** A paragraph's or quote's text, with buttons that wrap the selected words in emphasis or a link. */
function RichText({ label, value, onChange, error, rows = 4 }: { label: string; value: string; onChange: (text: string) => void; error?: string; rows?: number }) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  // The words chosen when a button is pressed: wrapped, and the part to type next selected.
  const wrap = (before: string, after: string, placeholder: string, select: 'inside' | 'after') => {
    const area = box.current;
    if (!area) return;
    const start = area.selectionStart ?? value.length;
    const end = area.selectionEnd ?? value.length;
    const chosen = value.slice(start, end) || placeholder;
    const next = value.slice(0, start) + before + chosen + after + value.slice(end);
    onChange(next);
    const from = select === 'inside' ? start + before.length : start + before.length + chosen.length + 2;
    const to = select === 'inside' ? from + chosen.length : from + after.length - 3;
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(from, to);
    });
  };
  const described = [error && `${id}-error`, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="grid min-w-0 content-start gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        ref={box}
        id={id}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={inputClass}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
      {error && <FieldError id={`${id}-error`} message={error} />}
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonStyles.plain} onClick={() => wrap('*', '*', 'words', 'inside')}>
          <em>Emphasis</em>
          <span className="sr-only"> for the selected words of {label.toLowerCase()}</span>
        </button>
        <button type="button" className={buttonStyles.plain} onClick={() => wrap('[', '](https://)', 'link text', 'after')}>
          <span className="underline">Link</span>
          <span className="sr-only"> on the selected words of {label.toLowerCase()}</span>
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {MARKUP_HINT}
      </p>
    </div>
  );
}

/** A photo of a block: chosen with the picker, its alt text (required) and, where it has one, its caption. */
function PhotoFields({
  label,
  photo,
  onChange,
  onUrl,
  at,
  errorOf,
  captioned = true,
}: {
  label: string;
  photo: PhotoDraft;
  onChange: (photo: PhotoDraft) => void;
  /** An upload's URL, set on the photo as it is when the upload ends. */
  onUrl: (url: string) => void;
  /** The photo's key in the server's words: `body[3]`, `body[3].images[0]`, `body[3].before`. */
  at: string;
  errorOf: ErrorOf;
  captioned?: boolean;
}) {
  return (
    <div className="grid min-w-0 gap-3">
      <ImageChooser label={label} value={photo.url} onChange={onUrl} error={errorOf(`${at}.url`)} />
      <TextField
        label={`Alt text of the ${label.toLowerCase()}`}
        required
        value={photo.alt}
        onChange={(alt) => onChange({ ...photo, alt })}
        error={errorOf(`${at}.alt`)}
        hint="What the photo shows, for visitors who cannot see it."
      />
      {captioned && (
        <TextField label={`Caption of the ${label.toLowerCase()} (optional)`} value={photo.caption} onChange={(caption) => onChange({ ...photo, caption })} error={errorOf(`${at}.caption`)} />
      )}
    </div>
  );
}

const LEVELS = ['Section heading', 'Subheading'] as const;

/** The fields of one block, by its kind. */
function BlockFields({
  block,
  index,
  onChange,
  onPhotoUrl,
  errorOf,
}: {
  block: BlockDraft;
  index: number;
  onChange: (block: BlockDraft) => void;
  onPhotoUrl: (slot: PhotoSlot, url: string) => void;
  errorOf: ErrorOf;
}) {
  const at = (rest: string) => blockField(index, rest);
  switch (block.type) {
    case 'heading':
      return (
        <>
          <TextField label="Heading" required value={block.text} onChange={(text) => onChange({ ...block, text })} error={errorOf(at('.text')) ?? errorOf(at('.level'))} />
          <SelectField label="Size" value={block.level === 3 ? LEVELS[1] : LEVELS[0]} options={LEVELS} onChange={(level) => onChange({ ...block, level: level === LEVELS[1] ? 3 : 2 })} />
        </>
      );
    case 'paragraph':
      return <RichText label="Paragraph" value={block.text} onChange={(text) => onChange({ ...block, text })} error={errorOf(at('.text'))} />;
    case 'list':
      return (
        <>
          <CheckboxField label="Numbered" checked={block.ordered} onChange={(ordered) => onChange({ ...block, ordered })} />
          <TextField
            label="Items, one a line"
            required
            rows={4}
            value={block.text}
            onChange={(text) => onChange({ ...block, text })}
            error={errorOf(at('.items'))}
            hint={MARKUP_HINT}
          />
        </>
      );
    case 'quote':
      return (
        <>
          <RichText label="Quote" rows={3} value={block.text} onChange={(text) => onChange({ ...block, text })} error={errorOf(at('.text'))} />
          <TextField label="Who said it (optional)" value={block.cite} onChange={(cite) => onChange({ ...block, cite })} error={errorOf(at('.cite'))} />
        </>
      );
    case 'image':
      return <PhotoFields label="Photo" photo={block.photo} onChange={(photo) => onChange({ ...block, photo })} onUrl={(url) => onPhotoUrl('photo', url)} at={at('')} errorOf={errorOf} />;
    case 'pair':
      return (
        <>
          {(['First photo', 'Second photo'] as const).map((label, i) => (
            <PhotoFields
              key={label}
              label={label}
              photo={block.photos[i]!}
              onChange={(photo) => onChange({ ...block, photos: i === 0 ? [photo, block.photos[1]] : [block.photos[0], photo] })}
              onUrl={(url) => onPhotoUrl(i === 0 ? 'first' : 'second', url)}
              at={at(`.images[${i}]`)}
              errorOf={errorOf}
            />
          ))}
        </>
      );
    case 'beforeAfter':
      return (
        <>
          <PhotoFields label="Before photo" photo={block.before} onChange={(before) => onChange({ ...block, before })} onUrl={(url) => onPhotoUrl('before', url)} at={at('.before')} errorOf={errorOf} captioned={false} />
          <PhotoFields label="After photo" photo={block.after} onChange={(after) => onChange({ ...block, after })} onUrl={(url) => onPhotoUrl('after', url)} at={at('.after')} errorOf={errorOf} captioned={false} />
          <TextField label="Caption (optional)" value={block.caption} onChange={(caption) => onChange({ ...block, caption })} error={errorOf(at('.caption'))} />
        </>
      );
  }
}

/** A few words of a block, to name it in move buttons and announcements. */
function gist(block: BlockDraft): string {
  const text = block.type === 'heading' || block.type === 'paragraph' || block.type === 'quote' || block.type === 'list' ? block.text : (photosOf(block)[0]?.alt ?? '');
  const words = text.replace(/[*[\]()]/g, '').trim().split(/\s+/).slice(0, 4).join(' ');
  return words ? `"${words}${text.trim().split(/\s+/).length > 4 ? '…' : ''}"` : '';
}

/** The body's blocks with their controls, the bounds, and the buttons that add a block at the end. */
export function BlockEditor({ body, onChange, errors }: { body: BlockDraft[]; onChange: (update: (body: BlockDraft[]) => BlockDraft[]) => void; errors: Errors }) {
  const errorOf: ErrorOf = (key) => errors[key];
  const headingId = useId();
  const list = useRef<HTMLDivElement>(null);
  const addGroup = useRef<HTMLDivElement>(null);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const photos = photoCount(body);
  const bodyError = errorOf('body');

  // A new block takes the cursor in its first field; a removed one hands it to its neighbour.
  useEffect(() => {
    if (focusKey === null) return;
    const card = list.current?.querySelector<HTMLElement>(`[data-block-key="${focusKey}"]`);
    // The block's first control in reading order: a photo's picker, else its text.
    (card?.querySelector<HTMLElement>('textarea, input:not([type=file]):not([type=checkbox]), select, button:not([data-remove])') ?? card)?.focus();
    setFocusKey(null);
  }, [focusKey, body]);

  const add = (type: BlockType) => {
    const block = newBlock(type);
    onChange((all) => [...all, block]);
    setFocusKey(block.key);
    setSaid(`${BLOCK_NAMES[type]} added as block ${body.length + 1}.`);
  };

  const remove = (index: number) => {
    const block = body[index];
    if (!block) return;
    const neighbour = body[index + 1] ?? body[index - 1];
    onChange((all) => all.filter((_, i) => i !== index));
    setSaid(`Block ${index + 1} (${BLOCK_NAMES[block.type].toLowerCase()}) removed.`);
    if (neighbour) {
      // The neighbour's remove button: where the owner was, without jumping into a text.
      requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-block-key="${neighbour.key}"] [data-remove]`)?.focus());
    } else addGroup.current?.focus();
  };

  const items = body.map((block) => ({ id: block.key, block }));
  const full = body.length >= MAX_BLOCKS;

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-4 border-t border-sand-200 pt-4 md:col-span-2">
      <div>
        <h4 id={headingId} className="font-display text-xl">
          The article
        </h4>
        <p className="mt-1 text-sm text-stone-600">
          Blocks of text and photos, in the order visitors read them. {body.length} of {MAX_BLOCKS} blocks, {photos} of {MAX_PHOTOS} photos.
        </p>
      </div>
      <div ref={list}>
        {body.length === 0 ? (
          <p className="text-sm text-stone-600">No blocks yet: add one below.</p>
        ) : (
          <SortableList
            items={items}
            label="Blocks of the article"
            nameOf={({ block }) => {
              const index = body.findIndex((b) => b.key === block.key);
              return `block ${index + 1} (${BLOCK_NAMES[block.type].toLowerCase()}${gist(block) ? ` ${gist(block)}` : ''})`;
            }}
            onReorder={(keys) => onChange((all) => keys.map((key) => all.find((b) => b.key === key)).filter((b): b is BlockDraft => b !== undefined))}
            renderItem={({ block }) => {
              const index = body.findIndex((b) => b.key === block.key);
              const name = `Block ${index + 1}: ${BLOCK_NAMES[block.type]}`;
              // A refusal naming a field this block has no control for is shown on the block itself.
              const known = new Set(blockFieldKeys(block, index));
              const own = blockField(index, '');
              const stray = Object.entries(errors).find(([key]) => (key === own || key.startsWith(`${own}.`)) && !known.has(key))?.[1];
              return (
                <div
                  role="group"
                  aria-label={name}
                  data-block-key={block.key}
                  data-testid="block"
                  tabIndex={-1}
                  aria-invalid={stray ? true : undefined}
                  className="grid min-w-0 gap-3 rounded-sm border border-sand-200 p-3 sm:p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold">
                      <span className="text-stone-600">{index + 1}.</span> {BLOCK_NAMES[block.type]}
                    </p>
                    <button type="button" data-remove className={buttonStyles.danger} aria-label={`Remove block ${index + 1} (${BLOCK_NAMES[block.type].toLowerCase()})`} onClick={() => remove(index)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove
                    </button>
                  </div>
                  {stray && <FieldError id={`block-${block.key}-error`} message={stray} />}
                  <BlockFields
                    block={block}
                    index={index}
                    errorOf={errorOf}
                    onChange={(next) => onChange((all) => all.map((b) => (b.key === block.key ? next : b)))}
                    onPhotoUrl={(slot, url) => onChange((all) => all.map((b) => (b.key === block.key ? withPhotoUrl(b, slot, url) : b)))}
                  />
                </div>
              );
            }}
          />
        )}
      </div>
      <div ref={addGroup} role="group" aria-labelledby={`${headingId}-add`} tabIndex={-1} aria-invalid={bodyError ? true : undefined} className="grid gap-2">
        <h5 id={`${headingId}-add`} className={labelClass}>
          Add a block
        </h5>
        {bodyError && <FieldError id={`${headingId}-error`} message={bodyError} />}
        {full && <p className="text-sm text-stone-600">The article has its {MAX_BLOCKS} blocks: remove one to add another.</p>}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {ADDABLE.map(({ type, icon: Icon }) => {
            const needs = photosOf(newBlock(type)).length;
            const disabled = full || photos + needs > MAX_PHOTOS;
            return (
              <button key={type} type="button" className={`${buttonStyles.plain} justify-start text-left`} disabled={disabled} onClick={() => add(type)}>
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {BLOCK_NAMES[type]}
              </button>
            );
          })}
        </div>
        {photos >= MAX_PHOTOS - 1 && !full && <p className="text-sm text-stone-600">An article holds at most {MAX_PHOTOS} photos; it has {photos}.</p>}
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="block-announcement">
        {said}
      </p>
    </section>
  );
}
