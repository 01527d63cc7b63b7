// The contact form's state machine (SPEC §4): editing -> sending -> sent, or back to editing with
// everything kept when sending fails; 'Send Another Message' returns to an empty form.

export interface ContactFields {
  name: string;
  email: string;
  message: string;
  /** Honeypot: hidden from people, filled in by bots; the server drops such messages. */
  website: string;
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

export const EMPTY_FIELDS: ContactFields = { name: '', email: '', message: '', website: '' };
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

export type SendResult = { ok: true } | { ok: false; reason: string };

// Statuses whose JSON message tells the visitor something they can act on (fix a field, wait).
const EXPLAINED_STATUSES = new Set([400, 413, 429]);

async function serverReason(response: Response): Promise<string | undefined> {
  if (!EXPLAINED_STATUSES.has(response.status)) return undefined;
  try {
    const body: unknown = await response.json();
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  } catch {
    return undefined;
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
): Promise<SendResult> {
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
      }),
    });
    if (response.ok) return { ok: true };
    return { ok: false, reason: (await serverReason(response)) ?? MESSAGES.failed };
  } catch (error) {
    console.warn('The contact message could not be sent', error);
    return { ok: false, reason: MESSAGES.failed };
  }
}
