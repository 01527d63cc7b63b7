// One control per field kind of pageSchema.json; the page editor draws a whole record from them.
// Every control has a visible label, its help and counter tied to it, and aria-invalid when the
// last check named it.
import { FileText, Plus, Trash2, X } from 'lucide-react';
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { type Field, type FileValue, type ImageValue, type Invalid, type LinkValue, length, MAX_ALT, MAX_FILE_NAME, MAX_LINK_LABEL } from '../../lib/pageSchema';
import { FieldError, Thumbnail, UploadButton } from '../editor/fields';
import { SortableList } from '../editor/SortableList';
import { buttonStyles, inputClass, labelClass } from '../ui';
import { emptyValue, errorAt, SEO_ADVICE } from './values';

/**
 * Sets the value at a path of the record as it is when called (the page editor's draft): an upload
 * ends after the owner may have typed the photo's alt text, which the value at its start would undo.
 */
export const SetAtPath = createContext<((path: string, value: unknown) => void) | undefined>(undefined);

export interface EditorProps<V = unknown> {
  field: Field;
  value: V;
  onChange: (value: V) => void;
  /** `ourStory.paragraphs[1]`: ids, the invalid mark, and the SEO advice key. */
  path: string;
  /** What the last check found wrong, and where. */
  invalid?: Invalid;
  /** The label shown (a list item's is 'Paragraph 2'). */
  label?: string;
}

/** The control of one field, by its kind. */
export function FieldEditor(props: EditorProps) {
  const { field } = props;
  switch (field.kind) {
    case 'text':
    case 'slug':
      return <TextInput {...(props as EditorProps<string>)} max={field.kind === 'text' ? field.max : 60} />;
    case 'paragraph':
      return <TextInput {...(props as EditorProps<string>)} max={field.max} multiline />;
    case 'number':
      return <NumberInput {...(props as EditorProps<number>)} min={field.min} max={field.max} />;
    case 'image':
      return <ImageInput {...(props as EditorProps<ImageValue>)} optional={field.optional ?? false} />;
    case 'link':
      return <LinkInput {...(props as EditorProps<LinkValue>)} />;
    case 'file':
      return <FileInput {...(props as EditorProps<FileValue>)} accept={field.accept} optional={field.optional ?? false} />;
    case 'list':
      return <ListInput {...(props as EditorProps<unknown[]>)} />;
    case 'group':
      return <GroupInput {...(props as EditorProps<Record<string, unknown>>)} />;
  }
}

function Help({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-stone-600">
      {children}
    </p>
  );
}

function Counter({ id, count, max, advice }: { id: string; count: number; max: number; advice?: { min: number; max: number } }) {
  const over = count > max;
  const advised = advice && (count < advice.min || count > advice.max);
  return (
    <p id={id} className={`text-xs ${over ? 'font-semibold text-red-800' : 'text-stone-600'}`}>
      {count} / {max} characters
      {advice && (
        <span className={advised ? 'font-semibold' : undefined}>
          {' '}
          (recommended {advice.min}–{advice.max})
        </span>
      )}
    </p>
  );
}

function TextInput({ field, value, onChange, path, invalid, label = field.label, max, multiline = false }: EditorProps<string> & { max: number; multiline?: boolean }) {
  const id = useId();
  const error = errorAt(invalid, path);
  const described = [error && `${id}-error`, field.help && `${id}-help`, `${id}-count`, multiline && `${id}-markup`].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    className: inputClass,
  };
  return (
    <div className={`grid content-start gap-2 ${multiline ? 'md:col-span-2' : ''}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onInput={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...common} type="text" onInput={(event) => onChange(event.currentTarget.value)} />
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
      {field.help && <Help id={`${id}-help`}>{field.help}</Help>}
      <Counter id={`${id}-count`} count={length(value)} max={max} advice={SEO_ADVICE[path]} />
      {multiline && (
        <Help id={`${id}-markup`}>
          *Emphasis* and [a link](/contact) are allowed; no HTML.
        </Help>
      )}
    </div>
  );
}

function NumberInput({ field, value, onChange, path, invalid, label = field.label, min, max }: EditorProps<number> & { min: number; max: number }) {
  const id = useId();
  const error = errorAt(invalid, path);
  return (
    <div className="grid content-start gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={1}
        value={Number.isFinite(value) ? String(value) : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && `${id}-error`, field.help && `${id}-help`].filter(Boolean).join(' ') || undefined}
        className={inputClass}
        onInput={(event) => onChange(event.currentTarget.valueAsNumber)}
      />
      {error && <FieldError id={`${id}-error`} message={error} />}
      {field.help && <Help id={`${id}-help`}>{field.help}</Help>}
    </div>
  );
}

function Fieldset({ legend, help, children, wide = true }: { legend: string; help?: string; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <fieldset aria-describedby={help ? `${id}-help` : undefined} className={`min-w-0 border-t border-sand-200 pt-4 ${wide ? 'md:col-span-2' : ''}`}>
      <legend className="pr-3 font-semibold text-charcoal">{legend}</legend>
      {help && (
        <p id={`${id}-help`} className="mb-3 text-xs text-stone-600">
          {help}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function ImageInput({ field, value, onChange, path, invalid, label = field.label, optional }: EditorProps<ImageValue> & { optional: boolean }) {
  const decorativeId = useId();
  const srcError = errorAt(invalid, `${path}.src`) ?? errorAt(invalid, path);
  const setAtPath = useContext(SetAtPath);
  return (
    <Fieldset legend={label} help={field.help}>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        {value.src ? (
          <Thumbnail url={value.src} alt="" width={160} height={120} className="aspect-[4/3] w-40 rounded-sm bg-sand object-cover" />
        ) : (
          <p className="text-sm text-stone-600">No image.</p>
        )}
        <UploadButton
          label={value.src ? 'Replace image' : 'Upload image'}
          onUploaded={([src]) => src && (setAtPath ? setAtPath(`${path}.src`, src) : onChange({ ...value, src }))}
          error={srcError && `${decorativeId}-src-error`}
        />
        {optional && value.src && (
          <button type="button" className={buttonStyles.plain} onClick={() => onChange({ src: '', alt: '', decorative: false })}>
            <X aria-hidden="true" className="size-4" />
            Remove image
          </button>
        )}
        {srcError && <FieldError id={`${decorativeId}-src-error`} message={srcError} />}
      </div>
      <SubInput
        label="Alt text"
        value={value.alt}
        disabled={value.decorative}
        error={errorAt(invalid, `${path}.alt`)}
        onChange={(alt) => onChange({ ...value, alt })}
      >
        What the picture shows, for visitors who cannot see it. {length(value.alt)} / {MAX_ALT} characters.
      </SubInput>
      <label htmlFor={decorativeId} className={`${labelClass} flex min-h-11 items-center gap-3 self-center`}>
        <input
          id={decorativeId}
          type="checkbox"
          checked={value.decorative}
          onChange={(event) => onChange({ ...value, decorative: event.currentTarget.checked })}
          className="size-6 shrink-0 accent-brass-600"
        />
        Decorative (no alt text needed)
      </label>
    </Fieldset>
  );
}

function LinkInput({ field, value, onChange, path, invalid, label = field.label }: EditorProps<LinkValue>) {
  return (
    <Fieldset legend={label} help={field.help} wide={false}>
      <SubInput label="Link text" value={value.label} error={errorAt(invalid, `${path}.label`)} onChange={(text) => onChange({ ...value, label: text })}>
        {length(value.label)} / {MAX_LINK_LABEL} characters
      </SubInput>
      <SubInput label="Link address" value={value.href} error={errorAt(invalid, `${path}.href`)} onChange={(href) => onChange({ ...value, href })}>
        A page of this site (/contact) or an https:// address.
      </SubInput>
    </Fieldset>
  );
}

/** One labelled input of a compound field (an image's alt text, a link's text and address). */
function SubInput({
  label,
  value,
  error,
  disabled,
  onChange,
  children,
}: {
  label: string;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  /** The hint under the input. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid content-start gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-help` : `${id}-help`}
        className={inputClass}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
      {error && <FieldError id={`${id}-error`} message={error} />}
      <p id={`${id}-help`} className="text-xs text-stone-600">
        {children}
      </p>
    </div>
  );
}

function FileInput({ field, value, onChange, path, invalid, label = field.label, accept, optional }: EditorProps<FileValue> & { accept: string; optional: boolean }) {
  const id = useId();
  const error = errorAt(invalid, `${path}.url`) ?? errorAt(invalid, path);
  return (
    <Fieldset legend={label} help={field.help}>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        {value.url ? (
          <a href={value.url} target="_blank" rel="noopener" className="inline-flex items-center gap-2 text-sm font-semibold underline">
            <FileText aria-hidden="true" className="size-4" />
            {value.name || value.url}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <p className="text-sm text-stone-600">No file uploaded.</p>
        )}
        <UploadButton
          label={value.url ? 'Replace file' : 'Upload PDF'}
          accept={accept}
          onUploaded={([url], [name]) => url && onChange({ url, name: (name ?? '').slice(0, MAX_FILE_NAME) })}
          error={error && `${id}-error`}
        />
        {optional && value.url && (
          <button type="button" className={buttonStyles.plain} onClick={() => onChange({ url: '', name: '' })}>
            <X aria-hidden="true" className="size-4" />
            Remove file
          </button>
        )}
        {error && <FieldError id={`${id}-error`} message={error} />}
      </div>
    </Fieldset>
  );
}

function GroupInput({ field, value, onChange, path, invalid, label = field.label }: EditorProps<Record<string, unknown>>) {
  if (field.kind !== 'group') return null;
  return (
    <Fieldset legend={label} help={field.help}>
      <Fields fields={field.fields} value={value} onChange={onChange} path={path} invalid={invalid} />
    </Fieldset>
  );
}

/** The fields of a record or a group, each given its part of the value. */
export function Fields({
  fields,
  value,
  onChange,
  path,
  invalid,
}: {
  fields: Field[];
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  path: string;
  invalid?: Invalid;
}) {
  return (
    <>
      {fields.map((child) => {
        const name = child.name ?? '';
        const at = path ? `${path}.${name}` : name;
        return (
          <FieldEditor
            key={name}
            field={child}
            value={value[name] ?? emptyValue(child)}
            onChange={(next) => onChange({ ...value, [name]: next })}
            path={at}
            invalid={invalid}
          />
        );
      })}
    </>
  );
}

let nextId = 1;

/** A bounded list: add, remove and reorder (drag or keyboard) within the field's min and max. */
function ListInput({ field, value, onChange, path, invalid, label = field.label }: EditorProps<unknown[]>) {
  // Stable ids for the sortable rows, kept beside the values (a reload remounts the editor).
  const [ids, setIds] = useState(() => value.map(() => nextId++));
  if (field.kind !== 'list') return null;
  const rowIds = ids.length === value.length ? ids : value.map((_, i) => ids[i] ?? nextId++);
  const { item, min, max } = field;
  const itemLabel = item.label;
  const rows = value.map((entry, i) => ({ id: rowIds[i]!, entry, index: i }));

  const update = (next: unknown[], nextIds: number[]) => {
    setIds(nextIds);
    onChange(next);
  };

  const counts = min === max ? `exactly ${min}` : `${min} to ${max}`;
  return (
    <Fieldset legend={`${label} (${value.length})`} help={[field.help, `${counts} ${itemLabel.toLowerCase()}s.`].filter(Boolean).join(' ')}>
      <div className="min-w-0 md:col-span-2">
        <SortableList
          items={rows}
          label={label}
          nameOf={(row) => `${itemLabel} ${row.index + 1}`}
          onReorder={(order) => {
            const byId = new Map(rows.map((row) => [row.id, row.entry]));
            update(
              order.map((id) => byId.get(id)),
              order,
            );
          }}
          renderItem={(row) => (
            <div className="grid min-w-0 gap-3 md:grid-cols-2">
              <FieldEditor
                field={item}
                value={row.entry}
                label={`${itemLabel} ${row.index + 1}`}
                onChange={(next) => update(value.map((entry, i) => (i === row.index ? next : entry)), rowIds)}
                path={`${path}[${row.index}]`}
                invalid={invalid}
              />
              {min !== max && (
                <div className="md:col-span-2">
                  <button
                    type="button"
                    className={buttonStyles.danger}
                    disabled={value.length <= min}
                    onClick={() =>
                      update(
                        value.filter((_, i) => i !== row.index),
                        rowIds.filter((_, i) => i !== row.index),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove {itemLabel.toLowerCase()} {row.index + 1}
                  </button>
                </div>
              )}
            </div>
          )}
        />
        {min !== max && (
          <button
            type="button"
            className={`${buttonStyles.plain} mt-3`}
            disabled={value.length >= max}
            onClick={() => update([...value, emptyValue(item)], [...rowIds, nextId++])}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add {itemLabel.toLowerCase()}
          </button>
        )}
      </div>
    </Fieldset>
  );
}
