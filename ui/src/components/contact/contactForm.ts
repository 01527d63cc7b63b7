// The contact form's state machine (SPEC §4): editing -> sending -> sent, or back to editing with
// everything kept when sending fails; 'Send Another Message' returns to an empty form.

import type { LeadField, LeadForm } from '../../lib/site';
import type { VisitSource } from './visitSource';

export interface ContactFields extends Record<LeadField, string> {
  name: string;
  email: string;
  message: string;
  /** Honeypot: hidden from people, filled in by bots; the server drops such messages. */
  website: string;
}

/** The lead's optional fields in the order the form shows them, with what the visitor reads. */
/** The enquiry's optional fields, in the form's order; their names are the owner's words. */
export const LEAD_FIELDS: LeadField[] = ['phone', 'projectType', 'locality', 'size', 'budget', 'timeline', 'heardFrom'];

/** Errors shown beside their fields, by field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** The lead fields the owner made required and the visitor left empty. */
export function missingLeadFields(
  fields: ContactFields,
  form: LeadForm | undefined,
  labels: Record<LeadField, string>,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!form) return errors;
  for (const field of LEAD_FIELDS) {
    if (form.fields[field] === 'required' && fields[field].trim() === '') {
      errors[field] = `${labels[field].replace(/ \(.*|\?$/, '')} is required.`;
    }
  }
  return errors;
}

export type ContactField = keyof ContactFields;

export interface ContactState {
  status: 'editing' | 'sending' | 'sent';
  fields: ContactFields;
}

export type ContactAction =
  | { type: 'edit'; field: ContactField; value: string }
  | { type: 'send' }
  | { type: 'sent' }
  | { type: 'failed' }
  | { type: 'again' };

export const EMPTY_FIELDS: ContactFields = {
  name: '',
  email: '',
  message: '',
  website: '',
  phone: '',
  projectType: '',
  locality: '',
  size: '',
  budget: '',
  timeline: '',
  heardFrom: '',
};
export const INITIAL_STATE: ContactState = { status: 'editing', fields: EMPTY_FIELDS };

/** SPEC §5 and §8. */
export const MESSAGES = {
  missing: 'Please fill out all fields.',
  failed: 'There was a problem sending your message. Please try again.',
  sent: "Your message has been sent successfully. We'll be in touch soon!",
} as const;

/** Actions that do not fit the current state (a second submit while sending, say) change nothing. */
export function contactReducer(state: ContactState, action: ContactAction): ContactState {
  switch (action.type) {
    case 'edit':
      return state.status === 'editing'
        ? { ...state, fields: { ...state.fields, [action.field]: action.value } }
        : state;
    case 'send':
      return state.status === 'editing' ? { ...state, status: 'sending' } : state;
    case 'sent':
      return state.status === 'sending' ? { status: 'sent', fields: EMPTY_FIELDS } : state;
    case 'failed':
      return state.status === 'sending' ? { ...state, status: 'editing' } : state;
    case 'again':
      return state.status === 'sent' ? INITIAL_STATE : state;
  }
}

/** SPEC §5: name, email and message are all required; blanks do not count. */
export function hasMissingFields(fields: ContactFields): boolean {
  return [fields.name, fields.email, fields.message].some((value) => value.trim() === '');
}

export type SendResult = { ok: true } | { ok: false; reason: string; field?: string };

// Statuses whose JSON message tells the visitor something they can act on (fix a field, wait).
const EXPLAINED_STATUSES = new Set([400, 413, 429]);

async function serverReason(response: Response): Promise<{ reason?: string; field?: string }> {
  if (!EXPLAINED_STATUSES.has(response.status)) return {};
  try {
    const body = (await response.json()) as { message?: unknown; field?: unknown } | null;
    const message = body?.message;
    const field = typeof body?.field === 'string' ? body.field : undefined;
    return typeof message === 'string' && message.trim() ? { reason: message, field } : {};
  } catch {
    return {};
  }
}

/**
 * GET /api/contact/token: the signed time the visitor started on the form. The server files a
 * message without one, or sent within seconds of it, under the owner's spam (docs/contact.md).
 * Never throws: without a token the message still goes, and the owner finds it under Spam.
 */
export async function fetchFormToken(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const response = await fetchImpl('/api/contact/token', { credentials: 'include' });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    const token = (body as { token?: unknown } | null)?.token;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

/** POST /api/contact (SPEC §7). Never throws: a network error is a failed send like any other. */
export async function sendContact(
  fields: ContactFields,
  fetchImpl: typeof fetch = fetch,
  formToken?: string,
  source?: VisitSource,
): Promise<SendResult> {
  // SPEC's three fields as before; a lead field only when filled in.
  const lead: Partial<Record<LeadField, string>> = {};
  for (const field of LEAD_FIELDS) if (fields[field].trim()) lead[field] = fields[field].trim();
  try {
    const response = await fetchImpl('/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: fields.name.trim(),
        email: fields.email.trim(),
        message: fields.message.trim(),
        website: fields.website,
        formToken,
        ...lead,
        source,
      }),
    });
    if (response.ok) return { ok: true };
    const { reason, field } = await serverReason(response);
    return { ok: false, reason: reason ?? MESSAGES.failed, field };
  } catch (error) {
    console.warn('The contact message could not be sent', error);
    return { ok: false, reason: MESSAGES.failed };
  }
}
