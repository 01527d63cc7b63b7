import { useQuery } from '@tanstack/react-query';
import { MessageCircle, Phone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toastFailure, toastSuccess } from '../feedback';
import { buttonStyles, inputClass, labelClass } from '../ui';
import { FollowUpForm } from './FollowUpForm';
import { addNote, type Lead, type LeadSettings, SETTINGS_PATH, whatsappHref } from './leads';

/** Where a lead came from, in one line. */
function sourceText(source: Lead['source']): string {
  if (!source) return '';
  const parts = [
    source.landing && `landed on ${source.landing}`,
    source.page && `sent from ${source.page}`,
    source.referrer && `via ${source.referrer}`,
    source.utmCampaign && `campaign ${source.utmCampaign}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * A lead's side of an opened message: what the client wants, the phone as call and WhatsApp links,
 * where they came from, the stage, the next follow-up and the notes.
 */
export function LeadPanel({ lead, onChanged }: { lead: Lead; onChanged: () => unknown }) {
  const settings = useQuery<LeadSettings>({ queryKey: [SETTINGS_PATH] });
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const run = async (what: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await what();
      toastSuccess(done);
      return true;
    } catch (error) {
      toastFailure(failed, error);
      return false;
    } finally {
      setBusy(false);
      void onChanged();
    }
  };

  const saveNote = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    if (await run(() => addNote(lead.id, note.trim()), 'Note added', 'Failed to add the note')) setNote('');
  };

  const source = sourceText(lead.source);
  return (
    <div className="mt-4 grid gap-4 border-t border-sand-200 pt-4" data-testid="lead-panel">
      {lead.qualification && <p className="font-semibold text-charcoal">{lead.qualification}</p>}
      {lead.phone && (
        <p className="flex flex-wrap gap-2">
          <a className={buttonStyles.plain} href={`tel:${lead.phone}`}>
            <Phone aria-hidden="true" className="size-4" />
            {lead.phone}
          </a>
          <a className={buttonStyles.plain} href={whatsappHref(lead.phone)} target="_blank" rel="noreferrer">
            <MessageCircle aria-hidden="true" className="size-4" />
            WhatsApp
          </a>
        </p>
      )}
      {(source || lead.heardFrom) && (
        <p className="text-sm text-stone-600">
          {source}
          {lead.heardFrom && `${source ? ' · ' : ''}heard of us: ${lead.heardFrom}`}
        </p>
      )}
      {/* Keyed by what is stored, so a save (or another's) starts the form afresh. */}
      <FollowUpForm key={`${lead.stage ?? ''}|${lead.followUpOn ?? ''}`} lead={lead} settings={settings.data} onSaved={onChanged} />
      {lead.notes && lead.notes.length > 0 && (
        <ul className="grid gap-2" aria-label="Notes">
          {lead.notes.map((n) => (
            <li key={n.id} className="rounded-sm bg-sand/40 p-3 text-sm">
              <p className="whitespace-pre-line">{n.text}</p>
              <p className="mt-1 text-xs text-stone-600">
                {n.by}, {new Date(n.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void saveNote(event)} className="grid gap-2">
        <label htmlFor={`${id}-note`} className={labelClass}>
          Add a note
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={2000}
          className={inputClass}
          value={note}
          onInput={(event) => setNote(event.currentTarget.value)}
        />
        <button type="submit" className={`${buttonStyles.plain} justify-self-start`} disabled={busy || !note.trim()}>
          Save note
        </button>
      </form>
    </div>
  );
}
