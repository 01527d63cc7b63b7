// The admin panel's only door to the server (SPEC §7): one fetch wrapper, the session token, and the
// shapes of the records the admin API sends. Shared by the login page and the panel, so it imports
// nothing (see styles.ts for why).

export const TOKEN_KEY = 'adminToken';

/** Every path the panel calls. A GET query's key starts with its path (SPEC §7 defaults). */
export const API = {
  login: '/api/admin/login',
  verify: '/api/admin/verify',
  heroSlides: '/api/admin/hero-slides',
  projects: '/api/admin/portfolio-projects',
  news: '/api/admin/news-items',
  testimonials: '/api/admin/testimonials',
  contacts: '/api/contacts',
  contactsCsv: '/api/contacts.csv',
  password: '/api/admin/password',
  signOutEverywhere: '/api/admin/sign-out-everywhere',
  settings: '/api/admin/company-settings',
  siteAddress: '/api/admin/site-address',
  media: '/api/admin/media-files',
  backup: '/api/admin/backup',
  offsite: '/api/admin/backups/offsite',
  stats: '/api/admin/stats',
  pages: '/api/admin/pages',
  me: '/api/admin/me',
  reauth: '/api/admin/reauth',
  accounts: '/api/admin/accounts',
  invites: '/api/admin/invites',
  publicInvites: '/api/invites',
  sessions: '/api/admin/sessions',
  endOtherSessions: '/api/admin/sessions/end-others',
  activity: '/api/admin/activity',
  activityCsv: '/api/admin/activity.csv',
  activityVerify: '/api/admin/activity/verify',
  securityNotices: '/api/admin/security-notices',
} as const;

/** Who is signed in, as login, verify and `GET /api/admin/me` name them (an older server sends no role: an Owner). */
export interface AdminIdentity {
  id: number;
  username: string;
  displayName?: string;
  /** `owner`, `editor` or `enquiries` (docs/admin-api.md, "People"). */
  role?: string;
}

/** The answer of `POST /api/admin/login` and of an accepted invite. */
export interface LoginResponse {
  token: string;
  admin?: AdminIdentity;
  expiresAt?: string;
}

/** Where the site's absolute URLs point (src/origin.rs): studio.toml's public_url, the Settings' site address, or the first HTTPS domain. */
export interface SiteAddress {
  origin: string | null;
  source: 'public_url' | 'site_url' | 'domains' | null;
}

/** One page record in the Pages tab's list; the site-wide record has no path. */
export interface PageSummary {
  key: string;
  path: string | null;
  title: string;
  version: number;
  updatedAt: string;
}

/** A page record as the editor reads and saves it (docs/page-records.md). */
export interface AdminPage {
  key: string;
  path: string | null;
  version: number;
  updatedAt: string;
  content: Record<string, unknown>;
}

/** One kept version of a record: when, who, and which fields it changed. */
export interface RevisionSummary {
  version: number;
  savedAt: string;
  savedBy: string;
  changed: string[];
}

export interface Revision extends RevisionSummary {
  content: Record<string, unknown>;
}

export interface AdminHeroSlide {
  id: number;
  title: string;
  subtitle: string;
  imageUrl: string;
  buttonText: string;
  buttonLink: string;
  order: number;
  isActive: boolean;
  /** The stored version; a PUT names it back. */
  version?: number;
  /** What the photo shows, for those who cannot see it; empty: decorative (absent from an older server). */
  alt?: string;
}

export type HeroSlidePayload = Omit<AdminHeroSlide, 'id' | 'version'>;

/** The project categories the server accepts (the portfolio's filters map to the first four). */
export const PROJECT_CATEGORIES = ['Residential', 'Commercial', 'Hospitality', 'Kitchens & Baths', 'Specialty'] as const;

export interface AdminProject {
  id: number;
  slug: string;
  title: string;
  headline: string;
  category: string;
  year: number;
  location: string;
  tags: string[];
  description: string;
  intro: string;
  sections: { title: string; bullets: string[] }[];
  gallery: { imageUrl: string; alt: string }[];
  coverUrl: string;
  isActive: boolean;
  order: number;
  updatedAt?: string;
  /** The stored version (servers with history send it; a PUT names it back). */
  version?: number;
}

/** A project as sent; a null year is the current year. */
export type ProjectPayload = Omit<AdminProject, 'id' | 'updatedAt' | 'year'> & { year: number | null };

export interface AdminNewsItem {
  id: number;
  /** ISO `YYYY-MM-DD`. */
  date: string;
  title: string;
  content: string;
  isActive: boolean;
  version?: number;
}

export type NewsPayload = Omit<AdminNewsItem, 'id' | 'version'>;

export interface AdminTestimonial {
  id: number;
  quote: string;
  name: string;
  role: string;
  isActive: boolean;
  order: number;
  version?: number;
}

export type TestimonialPayload = Omit<AdminTestimonial, 'id' | 'version'>;

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  /** An ISO 8601 string or epoch milliseconds: both become a Date as they are. */
  createdAt: string | number;
  /** Opened by the owner (absent from servers before the inbox: read). */
  read?: boolean;
  /** Where it is filed (absent from servers before the inbox: the inbox). */
  folder?: 'inbox' | 'spam';
}

export interface CompanySetting {
  id: number;
  settingKey: string;
  settingValue: string;
  description: string;
}

export interface SettingPayload {
  settingKey: string;
  settingValue: string;
  description: string;
}

// localStorage can throw (storage disabled, private modes); the panel then behaves as signed out.
export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken() {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}

/** A response that was not ok. Its message is `status: text` (SPEC §7). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The Retry-After header of a 429, as sent. */
  readonly retryAfter: string | null;

  constructor(status: number, statusText: string, body: string, retryAfter: string | null) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  /** Set when the call needed the password again and the person did not confirm it. */
  notConfirmed = false;

  /** The JSON object the server answered with, when it sent one. */
  private get json(): Record<string, unknown> | undefined {
    try {
      const value: unknown = JSON.parse(this.body);
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  /** The `{"message"}` the server explains itself with, when it sent one. */
  get serverMessage(): string | undefined {
    const message = this.json?.message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  }

  /** The field a 400 names (`{message, field}`), when it names one. */
  get field(): string | undefined {
    const field = this.json?.field;
    return typeof field === 'string' && field ? field : undefined;
  }

  /** A 403 that asks for the password again (`{reauth: true}`). */
  get needsReauth(): boolean {
    return this.status === 403 && this.json?.reauth === true;
  }

  /** A 403 for what the role may not do (`{role: true}`): an error to show, never a sign-in. */
  get refusedForRole(): boolean {
    return this.status === 403 && this.json?.role === true;
  }
}

/**
 * What the panel asks the person when a call cannot go on as it is: registered by the panel once the
 * session is verified (access/SessionPrompts.tsx), so that a screen never handles either itself.
 */
export interface SessionPrompts {
  /** The session ended elsewhere: sign in again over the open screen; true once a new token is stored. */
  signIn: () => Promise<boolean>;
  /** A sensitive call wants the password again; true once `POST /api/admin/reauth` took it. */
  reauth: (message: string | undefined) => Promise<boolean>;
}

let prompts: SessionPrompts | null = null;

/** Registers the panel's prompts; returns the call that removes them. */
export function setSessionPrompts(next: SessionPrompts): () => void {
  prompts = next;
  return () => {
    if (prompts === next) prompts = null;
  };
}

const unauthorizedListeners = new Set<() => void>();

/**
 * Called when the server refuses the stored token (expired, revoked, tampered). The token is already
 * gone by then; the session guard sends the owner to the login page.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** A 401 to a call that sent the token: the token is dropped and the session guard told. */
function endSessionOn(status: number, token: string | null) {
  if (status === 401 && token) {
    clearToken();
    unauthorizedListeners.forEach((listener) => listener());
  }
}

export interface RequestOptions {
  /** Send the stored token (default). The login call sends none, so a stale one cannot end it. */
  auth?: boolean;
  /**
   * Ask the person when the session ended (401) or the password is wanted again (403 `reauth`),
   * then send the call once more (default). The prompts' own calls and a retry ask nothing.
   */
  prompt?: boolean;
}

/**
 * Sends one request with credentials, the bearer token, and a JSON content type only when there is a
 * JSON body (a FormData body gets its multipart type from the browser). Throws ApiError when not ok.
 */
export async function apiFetch(
  method: string,
  path: string,
  body?: unknown,
  { auth = true, prompt = true }: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const response = await fetch(path, { method, headers, body: payload, credentials: 'include' });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const error = new ApiError(response.status, response.statusText, text, response.headers.get('Retry-After'));
    const ask = prompt && token ? prompts : null;
    if (ask && error.status === 401) {
      // The form on screen stays as it is while the person signs in again; then the call goes once more.
      if (await ask.signIn()) return apiFetch(method, path, body, { auth, prompt: false });
      throw error;
    }
    if (ask && error.needsReauth) {
      if (await ask.reauth(error.serverMessage)) return apiFetch(method, path, body, { auth, prompt: false });
      error.notConfirmed = true;
      throw error;
    }
    endSessionOn(response.status, token);
    throw error;
  }
  return response;
}

/** apiFetch, then the JSON answer (null for an empty body). */
export async function apiRequest<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const response = await apiFetch(method, path, body, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Stores a file in the data file; resolves to its URL under /media/. */
export async function uploadFile(file: File): Promise<string> {
  return (await uploadWithProgress(file)).fileUrl;
}

/** The upload call's answer: the stored URL and, for a document, its type (docs/CONTRACTS.md, "Images"). */
export interface StoredFile {
  fileUrl: string;
  contentType?: string;
  /** A processed photo's WebP copies, smallest first. */
  variants?: { url: string; width: number; height: number; type: string }[];
}

/**
 * Stores a file as `uploadFile` does, telling `onProgress` the share sent so far (0 to 1): fetch
 * cannot report an upload's progress, XMLHttpRequest can. Same token, same errors as apiFetch.
 */
export function uploadWithProgress(file: File, onProgress?: (sent: number) => void, retried = false): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file);
  const token = getToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', API.media);
    request.withCredentials = true;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        const error = new ApiError(request.status, request.statusText, request.responseText, request.getResponseHeader('Retry-After'));
        if (request.status === 401 && token && prompts && !retried) {
          // As apiFetch: sign in again over the form, then send the file once more.
          void prompts.signIn().then((ok) => (ok ? resolve(uploadWithProgress(file, onProgress, true)) : reject(error)), reject);
          return;
        }
        endSessionOn(request.status, token);
        reject(error);
        return;
      }
      try {
        resolve(JSON.parse(request.responseText) as StoredFile);
      } catch {
        reject(new ApiError(request.status, request.statusText, request.responseText, null));
      }
    });
    // A network failure is a TypeError, as fetch's is (describeError tells the owner to check the connection).
    request.addEventListener('error', () => reject(new TypeError('upload failed')));
    request.addEventListener('abort', () => reject(new TypeError('upload aborted')));
    request.send(form);
  });
}

/** A sentence for the owner about a failed call: the server's own words, or what to do next. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError && error.notConfirmed) {
    return 'Nothing was changed: this needs your password again. What you typed is still here.';
  }
  if (error instanceof ApiError) {
    return error.serverMessage ?? `The server answered ${error.message}`;
  }
  return 'The server could not be reached. Check your connection and try again.';
}

/** '45 seconds', '1 minute', '15 minutes' from a Retry-After value (seconds or an HTTP date). */
export function describeWait(retryAfter: string | null, now: number = Date.now()): string | undefined {
  if (!retryAfter) return undefined;
  const trimmed = retryAfter.trim();
  const seconds = /^\d+$/.test(trimmed)
    ? Number(trimmed)
    : Math.ceil((Date.parse(trimmed) - now) / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
