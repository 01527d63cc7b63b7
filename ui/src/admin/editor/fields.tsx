// Labelled form controls shared by the editors: every control has a visible label, a hint tied to
// it, and, when a save named it, aria-invalid and the message under it.
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { ACCEPTED_IMAGES } from '../../lib/images';
import { ApiError, uploadWithProgress } from '../api';
import { toastFailure } from '../feedback';
import { buttonStyles, inputClass, labelClass } from '../ui';
import { thumbnailSrcSet, uploadFailure, uploadPhoto } from './upload';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: string;
  /** What is wrong with the value, shown under the field (which is then marked invalid). */
  error?: string;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  type?: 'text' | 'date' | 'number' | 'time' | 'email' | 'tel' | 'url';
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  /** Shown inside the field's box before what is typed, e.g. the site's address before a web address. */
  prefix?: string;
  /** Shown after `prefix` while the field is empty: what the server will make of it. */
  suggested?: string;
  autoComplete?: string;
}

export function TextField({ label, value, onChange, required, hint, error, rows, type = 'text', inputRef, className = '', prefix, suggested, autoComplete }: FieldProps) {
  const id = useId();
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    required,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    className: inputClass,
  };
  return (
    <div className={`grid min-w-0 content-start gap-2 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && <span className="text-red-800"> (required)</span>}
      </label>
      {prefix && (
        <p id={`${id}-prefix`} className="text-xs break-all text-stone-600">
          {prefix}
          <strong className="text-charcoal">{value || suggested || '…'}</strong>
        </p>
      )}
      {rows ? (
        <textarea {...common} rows={rows} onInput={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...common} ref={inputRef} type={type as 'text'} onInput={(event) => onChange(event.currentTarget.value)} />
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The message under an invalid field, which the field names in its aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}

export function SelectField({
  label,
  value,
  options,
  onChange,
  optionLabel = (option) => option,
  error,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  /** What the owner reads for an option stored as a key (a stage's label). */
  optionLabel?: (option: string) => string;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 content-start gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  // The whole row is the tap target (44 px tall), not only the box.
  return (
    <label htmlFor={id} className={`${labelClass} flex min-h-11 items-center gap-3 self-center`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="size-6 shrink-0 accent-brass-600"
      />
      {label}
    </label>
  );
}

/** One file on its way: its name and the share sent (0 to 1). */
interface Sending {
  name: string;
  sent: number;
}

/**
 * Uploads `files` one after the other (photos through `uploadPhoto`, other files as they are),
 * telling their progress; `onUploaded` gets each stored URL as it arrives. Resolves to the refusals.
 */
async function sendAll(
  files: File[],
  images: boolean,
  onSending: (sending: Sending[]) => void,
  onUploaded: (url: string, name: string) => void,
): Promise<string[]> {
  const refusals: string[] = [];
  const sending = files.map((file) => ({ name: file.name, sent: 0 }));
  onSending([...sending]);
  for (const [index, file] of files.entries()) {
    const progress = (sent: number) => {
      sending[index] = { name: file.name, sent };
      onSending([...sending]);
    };
    const result = images ? await uploadPhoto(file, progress) : await uploadDocument(file, progress);
    if (result && 'url' in result) onUploaded(result.url, file.name);
    else if (result) refusals.push(result.refusal);
    progress(1);
  }
  onSending([]);
  return refusals;
}

/** A file that need not be a photo (the brochure's PDF): sent as it is. */
async function uploadDocument(file: File, onProgress: (sent: number) => void): Promise<{ url: string } | { refusal: string } | undefined> {
  try {
    return { url: (await uploadWithProgress(file, onProgress)).fileUrl };
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? undefined : { refusal: uploadFailure(file.name, error) };
  }
}

/**
 * A button that opens the file picker and uploads what is chosen, one file or several in order,
 * with each file's progress; `onUploaded` gets each stored URL as it arrives (add it to the draft as
 * it is then: the owner keeps typing meanwhile). A file that is not an image the site can show is
 * refused with a message at the field and never handed on; a failed file says so and the others
 * still go.
 */
export function UploadButton({
  label,
  multiple = false,
  accept = ACCEPTED_IMAGES,
  onUploaded,
  error,
}: {
  label: string;
  /** The id of the message saying what is wrong (the button is then marked invalid). */
  error?: string;
  multiple?: boolean;
  /** The file picker's types; images unless told (the brochure takes a PDF). */
  accept?: string;
  /** Each stored URL, with the name of the file it came from. */
  onUploaded: (urls: string[], names: string[]) => void;
}) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const uploading = sending.length > 0;

  const upload = async (files: File[]) => {
    setRefusals([]);
    // A photo picker's files are checked as photos; another picker's (the brochure's PDF) go as they are.
    const found = await sendAll(files, accept === ACCEPTED_IMAGES, setSending, (url, name) => onUploaded([url], [name]));
    setRefusals(found);
    if (found.length > 0) toastFailure(found.length === 1 ? 'Upload refused' : `${found.length} uploads refused`, undefined, found[0]);
    if (picker.current) picker.current.value = '';
  };
  const done = sending.filter((file) => file.sent >= 1).length;
  const describedBy = [error, refusals.length > 0 && `${id}-refused`].filter(Boolean).join(' ');

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
      <button
        type="button"
        className={`${buttonStyles.plain} aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700`}
        disabled={uploading}
        aria-invalid={error || refusals.length > 0 ? true : undefined}
        aria-describedby={describedBy || undefined}
        onClick={() => picker.current?.click()}
      >
        <Upload aria-hidden="true" className="size-4" />
        {uploading ? (sending.length > 1 ? `Uploading ${Math.min(done + 1, sending.length)} of ${sending.length}…` : 'Uploading…') : label}
      </button>
      {uploading && (
        <ul aria-label="Uploads" className="grid w-full min-w-0 gap-1" data-testid="upload-progress">
          {sending.map((file, index) => (
            <li key={index} className="grid min-w-0 grid-cols-[minmax(0,1fr)_6rem] items-center gap-2 text-xs text-stone-600">
              <span className="truncate">{file.name}</span>
              <progress max={1} value={file.sent} aria-label={`${file.name}: ${Math.round(file.sent * 100)}% sent`} className="h-2 w-full accent-brass-600" />
            </li>
          ))}
        </ul>
      )}
      {refusals.length > 0 && (
        <div id={`${id}-refused`} role="alert" className="grid w-full min-w-0 gap-1 wrap-anywhere" data-testid="upload-refused">
          {refusals.map((refusal, index) => (
            <p key={index} className="text-sm font-semibold text-red-800">
              {refusal}
            </p>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * A photo chosen with the picker, never typed: what is chosen now, a button to upload another, and
 * the message when the save needs one.
 */
export function ImageChooser({
  label,
  value,
  onChange,
  error,
  hint,
  children,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  hint?: string;
  /** More ways to choose, e.g. 'Use as cover' from a gallery. */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid min-w-0 content-start gap-2 md:col-span-2">
      <p id={`${id}-label`} className={labelClass}>
        {label}
      </p>
      {value.trim() ? (
        <Thumbnail url={value} alt={`${label}, as chosen`} width={240} height={180} className="aspect-[4/3] w-60 max-w-full rounded-sm bg-sand object-cover" />
      ) : (
        <p className="text-sm text-stone-600">None chosen yet.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <UploadButton label={value.trim() ? 'Choose another photo' : 'Choose a photo'} onUploaded={([url]) => url && onChange(url)} error={error && `${id}-error`} />
        {children}
      </div>
      {error && <FieldError id={`${id}-error`} message={error} />}
      {hint && <p className="text-xs text-stone-600">{hint}</p>}
    </div>
  );
}

/** A photo in an editor at `width` CSS px: its smallest copy that fills the box when that is known. */
export function Thumbnail({ url, alt, width, height, className }: { url: string; alt: string; width: number; height: number; className: string }) {
  const srcSet = thumbnailSrcSet(url);
  return <img src={url.trim()} srcSet={srcSet} sizes={srcSet ? `${width}px` : undefined} alt={alt} width={width} height={height} className={className} />;
}
