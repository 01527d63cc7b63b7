import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastFailure, toastSuccess } from '../feedback';
import { buttonStyles, Card, inputClass, labelClass, LoadError, Loading, TabHeading } from '../ui';
import {
  blockSlot, byDay, changeConsultation, freeSlots, getSettings, LIST_PATH, listConsultations, notToldNotice, SETTINGS_PATH,
  type Changed, type Consultation,
} from './api';
import { whatsappHref } from '../../lib/site';
import { SettingsForm } from './SettingsForm';
import { LIVE_LIST } from '../queryClient';

const dayLabel = (day: string) => {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
};
const time = (iso: string) => iso.slice(11, 16);
const STATUS: Record<Consultation['status'], string> = {
  booked: 'Booked', confirmed: 'Confirmed', cancelled: 'Cancelled', blocked: 'Blocked',
};

/** Consultations: the coming ones by day (confirm, move, cancel, block a time) and the settings. */
export function ConsultationsTab() {
  return (
    <section aria-labelledby="consultations-heading">
      <TabHeading id="consultations-heading" title="Consultations" lead="Consultations visitors booked online, and when they may book." />
      <Coming />
      <SettingsForm />
    </section>
  );
}

function Coming() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: [LIST_PATH], queryFn: listConsultations, ...LIVE_LIST });
  // The free times exist only while booking is on (the public call answers 404 otherwise).
  const settings = useQuery({ queryKey: [SETTINGS_PATH], queryFn: getSettings });
  const free = useQuery({
    queryKey: ['consultation-free'],
    queryFn: freeSlots,
    enabled: settings.data?.enabled === true,
  });
  const [moving, setMoving] = useState<number | undefined>();
  // The new time chosen for the consultation being moved, saved only once the owner says yes.
  const [newStart, setNewStart] = useState('');
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [LIST_PATH] });
    void client.invalidateQueries({ queryKey: ['consultation-free'] });
  };
  // A visitor no mail told of a change: the owner calls them instead, so the notice stays until
  // they close it.
  const [untold, setUntold] = useState<{ notice: string; who: Changed } | undefined>();
  const change = useMutation({
    mutationFn: ({ c, body }: { c: Consultation; body: { status?: string; start?: string } }) => changeConsultation(c.id, body),
    onSuccess: (after, { c }) => {
      const notice = notToldNotice(c, after);
      setUntold(notice ? { notice, who: after } : undefined);
      const done = after.status === 'cancelled' ? 'Consultation cancelled' : 'Consultation saved';
      toastSuccess(after.visitorTold ? `${done}: ${after.name} has been told by mail` : done);
      setMoving(undefined);
      setNewStart('');
      refresh();
    },
    onError: (e) => toastFailure('Could not change the consultation', e),
  });
  const block = useMutation({
    mutationFn: blockSlot,
    onSuccess: () => {
      toastSuccess('Time blocked');
      refresh();
    },
    onError: (e) => toastFailure('Could not block the time', e),
  });
  const [toBlock, setToBlock] = useState('');
  if (list.isPending) return <Loading what="consultations" />;
  if (list.isError) return <LoadError what="consultations" onRetry={() => void list.refetch()} />;
  const coming = list.data.filter((c) => c.status !== 'cancelled');
  return (
    <div className="grid gap-4">
      {untold ? (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-charcoal" data-not-told>
          <p className="font-semibold">{untold.notice}</p>
          <p className="mt-1">Call or WhatsApp them:</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a className={buttonStyles.primary} href={`tel:${untold.who.phone.replace(/[^\d+]/g, '')}`}>Call {untold.who.phone}</a>
            {whatsappHref(untold.who.phone) ? (
              <a className={buttonStyles.plain} href={whatsappHref(untold.who.phone)} target="_blank" rel="noreferrer">WhatsApp</a>
            ) : null}
            <button type="button" className={buttonStyles.plain} onClick={() => setUntold(undefined)}>Done</button>
          </div>
        </div>
      ) : null}
      {coming.length === 0 ? <Card><p className="text-sm text-stone-600">No consultations coming.</p></Card> : null}
      {byDay(coming).map(([day, items]) => (
        <Card key={day}>
          <h3 className="font-semibold">{dayLabel(day)}</h3>
          <ul className="mt-3 grid gap-4">
            {items.map((c) => (
              <li key={c.id} className="grid gap-2 border-t border-sand-200 pt-3" data-consultation={c.id}>
                <p>
                  <span className="font-semibold">{time(c.start)}-{time(c.end)}</span> · {STATUS[c.status]}
                  {c.status !== 'blocked' ? <> · {c.name}</> : null}
                </p>
                {c.status !== 'blocked' ? (
                  <p className="text-sm">
                    <a className="underline" href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a> ·{' '}
                    <a className="underline" href={`mailto:${encodeURIComponent(c.email)}`}>{c.email}</a>
                    {c.message ? <span className="block text-stone-600">{c.message}</span> : null}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {c.status === 'booked' ? (
                    <button type="button" className={buttonStyles.primary} onClick={() => change.mutate({ c, body: { status: 'confirmed' } })}>Confirm</button>
                  ) : null}
                  {c.status !== 'blocked' ? (
                    <button
                      type="button"
                      className={buttonStyles.plain}
                      onClick={() => {
                        setMoving(moving === c.id ? undefined : c.id);
                        setNewStart('');
                      }}
                    >
                      Move
                    </button>
                  ) : null}
                  <button type="button" className={buttonStyles.plain} onClick={() => change.mutate({ c, body: { status: 'cancelled' } })}>
                    {c.status === 'blocked' ? 'Free this time' : 'Cancel'}
                  </button>
                </div>
                {moving === c.id ? (
                  <>
                    <FreeTimeSelect label="New time" value={newStart} onChange={setNewStart} slots={free.data} />
                    {newStart ? (
                      <MoveConfirm
                        who={c.name}
                        when={`${dayLabel(newStart.slice(0, 10))} at ${time(newStart)}`}
                        saving={change.isPending}
                        onYes={() => change.mutate({ c, body: { start: newStart } })}
                        onNo={() => setNewStart('')}
                      />
                    ) : null}
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      ))}
      <Card>
        <FreeTimeSelect label="Block a time (keep it free of visitors)" value={toBlock} onChange={setToBlock} slots={free.data} />
        <button type="button" className={`${buttonStyles.plain} mt-3`} disabled={!toBlock} onClick={() => { block.mutate(toBlock); setToBlock(''); }}>
          Block this time
        </button>
      </Card>
    </div>
  );
}

/** A choice among the free times (to move a consultation to, or to block). */
function FreeTimeSelect({ label, value, onChange, slots = [] }: { label: string; value: string; onChange: (start: string) => void; slots?: { start: string }[] }) {
  return (
    <label className={labelClass}>
      {label}
      <select className={inputClass} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">Pick a free time</option>
        {slots.map((s) => (
          <option key={s.start} value={s.start}>{dayLabel(s.start.slice(0, 10))} {time(s.start)}</option>
        ))}
      </select>
    </label>
  );
}

/** Moving a visitor's consultation tells them: the owner says yes to the new time first. */
function MoveConfirm({ who, when, saving, onYes, onNo }: { who: string; when: string; saving: boolean; onYes: () => void; onNo: () => void }) {
  return (
    <div role="alertdialog" aria-labelledby="move-confirm-question" className="grid gap-3 rounded-sm border-2 border-brass-600 bg-ivory p-4" data-testid="move-confirm">
      <p id="move-confirm-question" className="font-semibold">
        Move {who}&apos;s consultation to {when}?
      </p>
      <p className="text-sm">{who} will be told of the new time (by mail, when mail is set up).</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.primary} disabled={saving} onClick={onYes}>
          {saving ? 'Moving…' : 'Yes, move it'}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onNo}>
          Keep the old time
        </button>
      </div>
    </div>
  );
}
