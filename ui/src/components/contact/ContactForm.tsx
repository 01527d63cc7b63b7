import { CircleCheck, Send } from 'lucide-react';
import { useEffect, useReducer, useRef, useState, type TargetedEvent } from 'react';
import { useLeadForm, usePage } from '../../lib/content';
import { projectTypeOf } from '../../lib/projectType';
import type { LeadForm } from '../../lib/site';
import { toast } from '../ui/toast';
import {
  contactReducer,
  fetchFormToken,
  hasMissingFields,
  INITIAL_STATE,
  MESSAGES,
  missingLeadFields,
  sendContact,
  type ContactField,
  type FieldErrors,
} from './contactForm';
import { LeadFields } from './LeadFields';
import { visitSource } from './visitSource';

interface Props {
  /** Injected by tests; the browser's fetch otherwise. */
  fetchImpl?: typeof fetch;
  /** Injected by tests; GET /api/contact/token otherwise. */
  fetchToken?: () => Promise<string | undefined>;
  /** The owner's lead settings; the contact page's data otherwise. */
  leadForm?: LeadForm;
  /** The page address's query: its `?type=` chooses the project type the form starts with. */
  search?: string;
}

const inputClass =
  'mt-2 block w-full rounded-sm border border-stone-400 bg-white px-4 py-3 text-charcoal placeholder:text-stone-500 focus:border-brass-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brass-500 read-only:bg-sand/50';
const labelClass = 'block text-sm font-semibold tracking-wide text-charcoal';

/**
 * The contact form. It is a real `<form method="post" action="/contact">` with the server's field
 * names, so the browser can still post it natively should the script handler not run.
 */
export function ContactForm({ fetchImpl, fetchToken = fetchFormToken, leadForm, search = '' }: Props) {
  const pageForm = useLeadForm();
  const form = leadForm ?? pageForm;
  // The owner's words (the contact record: Pages > Contact Us > Enquiry form).
  const { form: words, thanks } = usePage('contact');
  // 'Contact Us' on a service or case-study page links /contact?type=<project type>; the server
  // renders that address with the type chosen too, so the first render agrees with its HTML.
  const [state, dispatch] = useReducer(contactReducer, INITIAL_STATE, (initial) => {
    const chosen = form && form.fields.projectType !== 'hidden' ? projectTypeOf(search, form.projectTypes) : undefined;
    return chosen ? { ...initial, fields: { ...initial.fields, projectType: chosen } } : initial;
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  // The form token is asked for when the visitor starts on the form, never on page load: the first
  // load of a public page makes no API call.
  const tokenRequest = useRef<Promise<string | undefined> | null>(null);
  const [formToken, setFormToken] = useState('');
  const startForm = () => {
    if (tokenRequest.current) return;
    const request = fetchToken();
    tokenRequest.current = request;
    void request.then((token) => setFormToken(token ?? ''));
  };
  const { status, fields } = state;
  const sending = status === 'sending';
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const previous = useRef(status);

  // Move focus with the view, so keyboard and screen-reader users land on what just appeared.
  useEffect(() => {
    if (status === 'sent') thanksRef.current?.focus();
    if (status === 'editing' && previous.current === 'sent') nameRef.current?.focus();
    previous.current = status;
  }, [status]);

  const edit =
    (field: ContactField) => (event: TargetedEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      dispatch({ type: 'edit', field, value: event.currentTarget.value });
      if (errors[field]) setErrors({ ...errors, [field]: undefined });
    };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`contact-${first}`)?.focus();
  };

  const submit = async (event: TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== 'editing') return;
    if (hasMissingFields(fields)) {
      toast({ title: 'Missing details', description: MESSAGES.missing, variant: 'destructive' });
      return;
    }
    const missing = missingLeadFields(fields, form, words.labels);
    if (Object.keys(missing).length > 0) {
      showErrors(missing);
      return;
    }
    setErrors({});
    dispatch({ type: 'send' });
    startForm();
    const token = (await tokenRequest.current) ?? undefined;
    const result = await sendContact(fields, fetchImpl, token, visitSource());
    if (result.ok) {
      dispatch({ type: 'sent' });
      // Another message starts a new token.
      tokenRequest.current = null;
      setFormToken('');
      toast({ title: 'Message sent', description: MESSAGES.sent });
    } else {
      dispatch({ type: 'failed' });
      // A field the server named is shown beside it; anything else in a toast.
      if (result.field && result.field !== 'name' && result.field !== 'email' && result.field !== 'message') {
        showErrors({ [result.field]: result.reason });
      } else {
        toast({ title: 'Message not sent', description: result.reason, variant: 'destructive' });
      }
    }
  };

  if (status === 'sent') {
    return (
      <section
        aria-labelledby="contact-thanks-heading"
        className="flex flex-col items-start rounded-sm border border-sand-200 bg-white p-8 md:p-12"
      >
        <CircleCheck aria-hidden="true" className="size-12 text-brass-600" strokeWidth={1.25} />
        <h2
          id="contact-thanks-heading"
          ref={thanksRef}
          tabIndex={-1}
          className="mt-6 font-display text-4xl text-charcoal outline-none"
        >
          Thank You!
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-charcoal">{MESSAGES.sent}</p>
        <p className="mt-3 leading-relaxed text-stone-600">{thanks}</p>
        <button type="button" className="btn btn-outline mt-10" onClick={() => dispatch({ type: 'again' })}>
          Send Another Message
        </button>
      </section>
    );
  }

  return (
    <form
      method="post"
      action="/contact"
      onSubmit={submit}
      onFocusCapture={startForm}
      onInputCapture={startForm}
      aria-labelledby="contact-form-heading"
      className="rounded-sm border border-sand-200 bg-white p-8 md:p-12"
    >
      <h2 id="contact-form-heading" className="font-display text-4xl text-charcoal">
        {words.title}
      </h2>
      <p className="mt-3 text-stone-600">
        {form && Object.values(form.fields).some((rule) => rule !== 'hidden') ? words.help : 'All fields are required.'}
      </p>
      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className={labelClass}>
            {words.labels.name}
          </label>
          <input
            ref={nameRef}
            id="contact-name"
            name="name"
            type="text"
            autoComplete="name"
            aria-required="true"
            maxLength={100}
            value={fields.name}
            onInput={edit('name')}
            readOnly={sending}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="contact-email" className={labelClass}>
            {words.labels.email}
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            aria-required="true"
            maxLength={254}
            value={fields.email}
            onInput={edit('email')}
            readOnly={sending}
            className={inputClass}
          />
        </div>
      </div>
      <div className="mt-6">
        <label htmlFor="contact-message" className={labelClass}>
          {words.labels.message}
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={7}
          aria-required="true"
          maxLength={5000}
          value={fields.message}
          onInput={edit('message')}
          readOnly={sending}
          className={`${inputClass} resize-y`}
        />
      </div>
      {form && (
        <LeadFields
          form={form}
          fields={fields}
          errors={errors}
          readOnly={sending}
          onEdit={edit}
          inputClass={inputClass}
          labelClass={labelClass}
          labels={words.labels}
        />
      )}
      {/* Posted natively too, should the script handler not run (docs/contact.md). */}
      <input type="hidden" name="formToken" value={formToken} />
      {/* Honeypot: off-screen and out of the tab order; a person never fills it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={fields.website}
          onInput={edit('website')}
        />
      </div>
      <button type="submit" disabled={sending} className="btn btn-primary mt-8 w-full sm:w-auto">
        <Send aria-hidden="true" className="size-4" />
        {sending ? 'Sending...' : words.button}
      </button>
    </form>
  );
}
