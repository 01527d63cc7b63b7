import { describe, expect, it } from 'vitest';
import type { LeadForm } from '../../lib/site';
import {
  contactReducer,
  EMPTY_FIELDS,
  hasMissingFields,
  INITIAL_STATE,
  MESSAGES,
  missingLeadFields,
  sendContact,
  type ContactState,
} from './contactForm';
import seed from '../../content/pages.json';

const filled = { ...EMPTY_FIELDS, name: 'Asha Verma', email: 'asha@example.in', message: 'A 3BHK in Kondapur.' };
const editing: ContactState = { status: 'editing', fields: filled };

describe('contact form state machine', () => {
  it('edits while editing, and only then', () => {
    const state = contactReducer(INITIAL_STATE, { type: 'edit', field: 'name', value: 'Asha' });
    expect(state).toEqual({ status: 'editing', fields: { ...EMPTY_FIELDS, name: 'Asha' } });
    const sending = contactReducer(editing, { type: 'send' });
    expect(contactReducer(sending, { type: 'edit', field: 'name', value: 'x' })).toBe(sending);
  });

  it('editing -> sending -> sent clears the form; again returns to an empty form', () => {
    const sending = contactReducer(editing, { type: 'send' });
    expect(sending).toEqual({ status: 'sending', fields: filled });
    expect(contactReducer(sending, { type: 'send' })).toBe(sending);
    const sent = contactReducer(sending, { type: 'sent' });
    expect(sent).toEqual({ status: 'sent', fields: EMPTY_FIELDS });
    expect(contactReducer(sent, { type: 'again' })).toEqual(INITIAL_STATE);
  });

  it('a failed send goes back to editing with everything kept', () => {
    const sending = contactReducer(editing, { type: 'send' });
    expect(contactReducer(sending, { type: 'failed' })).toEqual(editing);
  });

  it('ignores results that arrive in the wrong state', () => {
    expect(contactReducer(editing, { type: 'sent' })).toBe(editing);
    expect(contactReducer(editing, { type: 'failed' })).toBe(editing);
    expect(contactReducer(editing, { type: 'again' })).toBe(editing);
  });

  it('requires name, email and message; blanks count as missing; the honeypot does not', () => {
    expect(hasMissingFields(filled)).toBe(false);
    expect(hasMissingFields({ ...filled, name: '' })).toBe(true);
    expect(hasMissingFields({ ...filled, email: '   ' })).toBe(true);
    expect(hasMissingFields({ ...filled, message: '\n\t' })).toBe(true);
    expect(hasMissingFields({ ...filled, website: '' })).toBe(false);
  });
});

describe('sendContact', () => {
  const respond =
    (response: Response | Error, seen: RequestInit[] = []) =>
    async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      if (response instanceof Error) throw response;
      return response;
    };

  it('posts the trimmed fields and the honeypot as JSON with credentials', async () => {
    const seen: RequestInit[] = [];
    const result = await sendContact(
      { ...EMPTY_FIELDS, name: ' Asha ', email: ' asha@example.in ', message: ' Hello ' },
      respond(new Response('{"message":"ok"}', { status: 201 }), seen),
    );
    expect(result).toEqual({ ok: true });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.credentials).toBe('include');
    expect(seen[0]?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(seen[0]?.body))).toEqual({
      name: 'Asha',
      email: 'asha@example.in',
      message: 'Hello',
      website: '',
    });
  });

  it('a server error or a network failure gives the SPEC message', async () => {
    expect(await sendContact(filled, respond(new Response('boom', { status: 500 })))).toEqual({
      ok: false,
      reason: MESSAGES.failed,
    });
    expect(await sendContact(filled, respond(new TypeError('Failed to fetch')))).toEqual({
      ok: false,
      reason: MESSAGES.failed,
    });
  });

  it('a refusal the visitor can act on (invalid, too many) passes on the server message', async () => {
    const tooMany = new Response('{"message":"Too many messages. Please try again in 10 minutes."}', { status: 429 });
    expect(await sendContact(filled, respond(tooMany))).toEqual({
      ok: false,
      reason: 'Too many messages. Please try again in 10 minutes.',
    });
    const notJson = new Response('<html>', { status: 400 });
    expect(await sendContact(filled, respond(notJson))).toEqual({ ok: false, reason: MESSAGES.failed });
  });
});

describe('lead fields', () => {
  const form: LeadForm = {
    fields: { phone: 'required', projectType: 'optional', locality: 'hidden', size: 'optional', budget: 'optional', timeline: 'optional', heardFrom: 'optional' },
    budgets: ['Under ₹10 lakh'],
    timelines: ['Within 3 months'],
    projectTypes: ['Residential', 'Other'],
  };

  const labels = seed.contact.form.labels;

  it('names each required field left empty, beside the field, in the owner\'s words', () => {
    expect(missingLeadFields(filled, form, labels)).toEqual({ phone: 'Phone is required.' });
    expect(missingLeadFields({ ...filled, phone: '98480 12345' }, form, labels)).toEqual({});
    expect(missingLeadFields(filled, undefined, labels)).toEqual({});
    const required = { ...form, fields: { ...form.fields, heardFrom: 'required' as const } };
    expect(missingLeadFields(filled, required, { ...labels, heardFrom: 'Where did you find us?' }).heardFrom).toBe(
      'Where did you find us is required.',
    );
  });

  it('sends SPEC\'s three fields as before, the lead fields only when filled, and the source', async () => {
    const seen: RequestInit[] = [];
    const fetchImpl = async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return new Response(JSON.stringify({ message: 'Phone: please enter a 10-digit Indian number', field: 'phone' }), { status: 400 });
    };
    const source = { page: '/contact', landing: '/portfolio/modern-serenity', referrer: '', utmSource: '', utmMedium: '', utmCampaign: '' };
    const result = await sendContact({ ...filled, phone: ' 12345 ' }, fetchImpl as typeof fetch, 't', source);
    expect(result).toEqual({ ok: false, reason: 'Phone: please enter a 10-digit Indian number', field: 'phone' });
    const body = JSON.parse(String(seen[0]?.body));
    expect(body.phone).toBe('12345');
    expect('budget' in body).toBe(false);
    expect(body.source.landing).toBe('/portfolio/modern-serenity');
    expect(body.name).toBe('Asha Verma');
  });
});
