// The one record-editor pattern of the panel (DESIGN.md, "One editor pattern for the panel, phone
// first"): a form whose action bar stays on screen, errors at the field they belong to, and a clash
// with another save that keeps the owner's typing. Every editor declares its fields inside it.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useReadOnly } from '../access/access';
import { READ_ONLY_NOTE } from '../access/roles';
import { ApiError } from '../api';
import { toastFailure } from '../feedback';
import { buttonStyles, Card } from '../ui';
import { recordChanges, sameValue } from './compare';
import { mergeDrafts } from './merge';

/** What a save came back with: saved, refused by the server (400/409), saved elsewhere first, or failed. */
export type SaveResult<T = unknown> = { ok: true } | { ok: false; refused?: ApiError; theirs?: T; version?: number };

/** A record editor's save: a clash hands back the other save's record as a draft, with its version. */
export function clashAsDraft<T extends { version?: number }, D>(result: SaveResult<T>, draftOf: (record: T) => D): SaveResult<D> {
  if (result.ok || !result.theirs) return result as SaveResult<D>;
  return { ok: false, theirs: draftOf(result.theirs), version: result.theirs.version };
}

/** '1 field needs attention' / '3 fields need attention'. */
export function attention(count: number): string {
  return count === 1 ? '1 field needs attention' : `${count} fields need attention`;
}

/** Scrolls the first marked field of `root` into view and puts the cursor in it. */
export function focusFirstInvalid(root: HTMLElement | null) {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.scrollIntoView?.({ block: 'center' });
  field.focus({ preventScroll: true });
}

/**
 * The field a server refusal names, by the label its editor shows: the server's `{ "message" }`
 * starts with the field's key (`title is required`, `slug "x" is used by another project`,
 * `gallery[2].alt ...`). `labels` maps keys to labels; a function handles lists.
 */
export function fieldOfMessage(message: string | undefined, labels: Record<string, string | ((index: number, rest: string) => string)>): string | undefined {
  const match = /^([A-Za-z]+)(?:\[(\d+)\])?(\S*)/.exec(message ?? '');
  if (!match) return undefined;
  const label = labels[match[1] ?? ''];
  if (typeof label === 'function') return label(Number(match[2] ?? 0), match[3] ?? '');
  return label;
}

/**
 * A form's fields while the owner types; the check before a save marks every field that needs
 * attention with its message. `labels`: how a server refusal finds its field (fieldOfMessage).
 */
export function useDraft<D>(
  initial: D,
  problemsOf: (draft: D) => Record<string, string>,
  labels: Parameters<typeof fieldOfMessage>[1] = {},
) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // After a clash: the other save, and the draft both saves started from (what 'changed' means).
  const [clash, setClash] = useState<{ before: D; theirs: D; version?: number } | null>(null);
  // The record as this form last knew it saved: the one it opened, then the other save after a clash.
  const [base, setBase] = useState(initial);
  // Bumped on each refused save, so that the form moves to the first marked field again.
  const [attempt, setAttempt] = useState(0);
  const set =
    <K extends keyof D>(field: K) =>
    (value: D[K]) =>
      setDraft((current) => ({ ...current, [field]: value }));

  const refuse = (found: Record<string, string>, title = attention(Object.keys(found).length)) => {
    setErrors(found);
    setAttempt((n) => n + 1);
    toastFailure(title, undefined, Object.values(found)[0]);
  };

  /**
   * Checks, then runs `save`; a refusal marks its field, a clash keeps the draft and remembers the
   * other save. Resolves to whether the record was saved.
   */
  const submit = async (save: (version?: number) => Promise<SaveResult<D>>, failed: string): Promise<boolean> => {
    const problems = problemsOf(draft);
    if (Object.keys(problems).length > 0) {
      refuse(problems);
      return false;
    }
    setErrors({});
    // After a clash the owner has seen the other save: it is the version saved over.
    const result = await save(clash?.version);
    if (result.ok) {
      setClash(null);
      return true;
    }
    const theirs = result.theirs;
    if (theirs) {
      // Mine where I changed a field, theirs for the rest; what both changed stays mine to decide.
      setDraft((current) => mergeDrafts(base, current, theirs));
      setClash({ before: base, theirs, version: result.version });
      setBase(theirs);
    }
    if (result.refused) {
      const message = result.refused.serverMessage;
      const field = fieldOfMessage(message, labels);
      if (field && message) refuse({ [field]: message });
      else toastFailure(failed, result.refused);
    }
    return false;
  };

  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const errorOf = (name: string): string | undefined => errors[name];
  /** After a clash: what the other save changed, by `labels`; 'Take theirs' where mine differs. */
  const clashPanel = (labels: Record<string, string>) =>
    clash && (
      <ClashPanel
        changed={changedFields(clash.before, clash.theirs, labels).map((field) => ({
          ...field,
          taken: sameValue((draft as Record<string, unknown>)[field.key], (clash.theirs as Record<string, unknown>)[field.key]),
        }))}
        onTakeTheirs={(key) => setDraft((current) => ({ ...current, [key]: (clash.theirs as Record<string, unknown>)[key] }))}
      />
    );
  return { draft, setDraft, set, errors, errorOf, submit, refuse, attempt, dirty, clashPanel };
}

/** The bar with Save, Cancel and the editor's other main actions; it stays on screen while the form scrolls. */
export function ActionBar({
  dirty,
  saving,
  submitLabel,
  onCancel,
  cancelLabel = 'Cancel',
  children,
}: {
  dirty: boolean;
  saving: boolean;
  submitLabel: string;
  onCancel?: () => void;
  cancelLabel?: string;
  children?: ReactNode;
}) {
  // A role that may see but not change this record: no Save, and the bar says why.
  const readOnly = useReadOnly();
  return (
    // Above the phone's tab bar (AdminPanel) and at the window's foot on a desktop.
    <div
      data-testid="action-bar"
      className="sticky bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-40 -mx-5 mt-8 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-sand-200 bg-white px-5 py-3 sm:-mx-6 sm:px-6 md:bottom-0"
    >
      {!readOnly && (
        <button type="submit" className={buttonStyles.primary} disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
      )}
      {onCancel && (
        <button type="button" className={buttonStyles.plain} onClick={onCancel}>
          {readOnly ? 'Close' : cancelLabel}
        </button>
      )}
      {!readOnly && children}
      {readOnly ? (
        <p className="text-sm text-stone-600" data-testid="read-only-bar">
          {READ_ONLY_NOTE}
        </p>
      ) : (
        <p className={`text-sm ${dirty ? 'font-semibold text-brass-700' : 'text-stone-600'}`} data-testid="dirty-state">
          {dirty ? 'Unsaved changes' : 'No unsaved changes'}
        </p>
      )}
    </div>
  );
}

/**
 * The frame of an editor's form: heading, fields, the action bar and, after a clash, what the other
 * save changed. `onSubmit` resolves to whether the save worked; a failed save keeps what was typed.
 */
export function EditorForm({
  heading,
  submitLabel,
  onSubmit,
  onCancel,
  dirty,
  attempt,
  clash,
  actions,
  children,
}: {
  heading: string;
  submitLabel: string;
  onSubmit: () => Promise<boolean>;
  onCancel: () => void;
  dirty: boolean;
  /** useDraft's count of refused saves: each one moves to the first marked field. */
  attempt: number;
  clash?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = useReadOnly();
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(form.current);
  }, [attempt]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    setSaving(true);
    await onSubmit();
    // Most parents close the form after a save; one that keeps it open (a lead's follow-up) gets
    // its button back.
    setSaving(false);
  };
  return (
    <Card className="mb-8">
      <form ref={form} noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
        <h3 id={`${id}-heading`} className="font-display text-2xl">
          {heading}
        </h3>
        {clash}
        {readOnly ? (
          // Every field shown, none changeable (uploads and list buttons included).
          <fieldset disabled className="mt-6 grid min-w-0 gap-5 md:grid-cols-2">
            {children}
          </fieldset>
        ) : (
          <div className="mt-6 grid gap-5 md:grid-cols-2">{children}</div>
        )}
        <ActionBar dirty={dirty} saving={saving} submitLabel={submitLabel} onCancel={onCancel}>
          {actions}
        </ActionBar>
      </form>
    </Card>
  );
}

/**
 * After a clash: which fields the other save changed; those I had not changed are already in the
 * form, those I changed too have 'Take theirs'. 'Keep mine' saves the form as it is as a new version
 * (the other stays in History). Lives inside the editor's form: 'Keep mine' is its submit button.
 */
export function ClashPanel({
  changed,
  onTakeTheirs,
}: {
  /** The other save's changes, by the editor's labels, with the value it saved; `taken`: the form has it. */
  changed: { key: string; label: string; theirs: string; taken?: boolean }[];
  onTakeTheirs: (key: string) => void;
}) {
  return (
    <div role="alert" className="mt-4 rounded-sm border-2 border-red-800 bg-red-50 p-4" data-testid="clash">
      <p className="font-semibold">Someone saved this while you were editing.</p>
      <p className="mt-1 text-sm">
        Your changes are still in the form, with the other save's changes to the fields you left alone.{' '}
        {changed.length > 0 ? 'The other save changed:' : 'The other save changed nothing you see here.'}
      </p>
      {changed.length > 0 && (
        <ul className="mt-3 grid gap-2">
          {changed.map((field) => (
            <li key={field.key} className="flex flex-wrap items-center justify-between gap-2 rounded-sm bg-white p-2">
              <div className="min-w-0">
                <p className="text-sm font-semibold">{field.label}</p>
                <p className="line-clamp-2 text-sm break-words text-stone-600">{field.theirs || '(empty)'}</p>
              </div>
              {field.taken ? (
                <p className="text-sm text-stone-600">Now in your form</p>
              ) : (
                <button type="button" className={buttonStyles.plain} aria-label={`Take theirs: ${field.label}`} onClick={() => onTakeTheirs(field.key)}>
                  Take theirs
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Saves the form as it is, over the other save. */}
      <button type="submit" className={`${buttonStyles.primary} mt-3`}>
        Keep mine
      </button>
    </div>
  );
}

/** The top-level fields whose values differ between two drafts, by the labels given. */
export function changedFields<D>(before: D, after: D, labels: Record<string, string>): { key: string; label: string; theirs: string }[] {
  return recordChanges(labels, before, after).map((change) => ({ key: change.path, label: change.label, theirs: summary(change.after) }));
}

function summary(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  return value === null || value === undefined ? '' : String(value);
}
