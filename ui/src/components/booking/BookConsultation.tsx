import { CalendarDays } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { fetchFormToken } from '../contact/contactForm';
import { useSiteData } from '../../lib/content';
import type { BookingWords } from '../../lib/pageTypes';
import { bookSlot, byDay, dayLabel, fetchSlots, timeLabel, type Booked, type FreeSlot } from './booking';

/**
 * 'Book a consultation': a link to the plain booking page (/book, which works without
 * JavaScript) that, with JavaScript, opens the free times and the form right here. Shown only
 * while the owner takes bookings online. Its words are the page record's (`booking`).
 */
export function BookConsultation({ words, className = 'btn btn-outline' }: { words: BookingWords; className?: string }) {
  const { data } = useSiteData();
  const [open, setOpen] = useState(false);
  if (data.settings?.consultations !== 'on') return null;
  return (
    <>
      <a
        href="/book"
        className={className}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <CalendarDays aria-hidden="true" className="size-4" />
        {words.label}
      </a>
      {open ? <BookingPanel words={words} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type Step = { kind: 'pick' } | { kind: 'sending' } | { kind: 'done'; booked?: Booked };

function BookingPanel({ words, onClose }: { words: BookingWords; onClose: () => void }) {
  const [slots, setSlots] = useState<FreeSlot[] | undefined>();
  const [chosen, setChosen] = useState('');
  const [fields, setFields] = useState({ name: '', email: '', phone: '', message: '' });
  const [token, setToken] = useState<string | undefined>();
  const [error, setError] = useState<{ message: string; field?: string } | undefined>();
  const [step, setStep] = useState<Step>({ kind: 'pick' });

  useEffect(() => {
    void fetchSlots().then(setSlots);
    void fetchFormToken().then(setToken);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError({ message: 'Please pick one of the free times.', field: 'start' });
      return;
    }
    setStep({ kind: 'sending' });
    const result = await bookSlot({ start: chosen, ...fields }, token);
    if (result.kind === 'booked') {
      setStep({ kind: 'done', booked: result.booked });
      return;
    }
    setStep({ kind: 'pick' });
    setError({ message: result.message, field: result.kind === 'taken' ? 'start' : result.field });
    if (result.kind === 'taken') {
      setChosen('');
      setSlots(await fetchSlots());
    }
  };

  const panel = 'fixed inset-0 z-50 overflow-y-auto bg-ivory px-5 py-6 sm:px-8';
  if (step.kind === 'done') {
    const booked = step.booked;
    return (
      <div role="dialog" aria-modal="true" aria-labelledby="booking-done" className={panel}>
        <div className="mx-auto max-w-xl">
          <p className="eyebrow">Consultation booked</p>
          <h2 id="booking-done" className="mt-3 font-display text-4xl text-charcoal">
            Thank you
          </h2>
          {booked ? (
            <>
              <p className="section-lead mt-4">
                Your consultation is booked for {dayLabel(booked.start.slice(0, 10))} at {timeLabel(booked.start)}.
              </p>
              <div className="mt-8 flex flex-wrap gap-4">
                <a className="btn btn-primary" href={booked.ics} download>
                  Add to calendar
                </a>
                <a className="btn btn-outline" href={booked.manage}>
                  Cancel or move it
                </a>
              </div>
            </>
          ) : (
            <p className="section-lead mt-4">Your consultation is booked. We'll be in touch soon!</p>
          )}
          <button type="button" className="mt-10 underline" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    );
  }

  const fieldError = (name: string) =>
    error?.field === name ? (
      <p id={`booking-${name}-error`} role="alert" className="text-sm text-red-800">
        {error.message}
      </p>
    ) : null;
  const input = 'w-full rounded-sm border border-stone-400 bg-white px-3 py-3 text-base';
  const set = (name: keyof typeof fields) => (event: { currentTarget: { value: string } }) =>
    setFields({ ...fields, [name]: event.currentTarget.value });

  return (
    <div role="dialog" aria-modal="true" aria-labelledby="booking-title" className={panel}>
      <form className="mx-auto grid max-w-xl gap-3" onSubmit={submit} noValidate>
        <div className="flex items-start justify-between gap-4">
          <h2 id="booking-title" className="font-display text-4xl text-charcoal">
            {words.label}
          </h2>
          <button type="button" className="min-h-11 px-2 underline" onClick={onClose}>
            Close
          </button>
        </div>
        <p className="text-stone-600">{words.line}</p>
        <fieldset>
          <legend className="font-semibold">Pick a time</legend>
          {fieldError('start')}
          {slots === undefined ? <p>Finding the free times…</p> : null}
          {slots?.length === 0 ? <p>There are no free times in the next two weeks. Please call or write to us.</p> : null}
          {byDay(slots ?? []).map(([day, times]) => (
            <div key={day} className="mt-4">
              <p className="text-sm font-semibold">{dayLabel(day)}</p>
              <div className="mt-2 flex flex-wrap gap-2" role="radiogroup" aria-label={dayLabel(day)}>
                {times.map((slot) => (
                  <button
                    key={slot.start}
                    type="button"
                    role="radio"
                    aria-checked={chosen === slot.start}
                    data-start={slot.start}
                    onClick={() => setChosen(slot.start)}
                    className={`min-h-11 min-w-16 rounded-sm border px-3 ${chosen === slot.start ? 'border-charcoal bg-charcoal text-ivory' : 'border-stone-400 bg-white'}`}
                  >
                    {timeLabel(slot.start)}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </fieldset>
        <label htmlFor="booking-name" className="mt-4 text-sm font-semibold">Name</label>
        <input id="booking-name" className={input} autoComplete="name" required value={fields.name} onInput={set('name')} />
        {fieldError('name')}
        <label htmlFor="booking-phone" className="text-sm font-semibold">Phone</label>
        <input id="booking-phone" type="tel" className={input} autoComplete="tel" required value={fields.phone} onInput={set('phone')} />
        {fieldError('phone')}
        <label htmlFor="booking-email" className="text-sm font-semibold">Email</label>
        <input id="booking-email" type="email" className={input} autoComplete="email" required value={fields.email} onInput={set('email')} />
        {fieldError('email')}
        <label htmlFor="booking-message" className="text-sm font-semibold">A line about your project (optional)</label>
        <textarea id="booking-message" className={input} rows={3} value={fields.message} onInput={set('message')} />
        {fieldError('message')}
        {error && !error.field ? <p role="alert" className="text-sm text-red-800">{error.message}</p> : null}
        <button type="submit" className="btn btn-primary mt-4 justify-self-start" disabled={step.kind === 'sending'}>
          {step.kind === 'sending' ? 'Booking…' : 'Book this time'}
        </button>
      </form>
    </div>
  );
}
