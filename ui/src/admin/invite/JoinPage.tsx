// Accepting an invitation: the link `/admin/#invite=<token>` (the fragment never reaches a server's
// log) opens "Join <studio>": who the person is invited as, then a user name and a password; the
// answer signs them in as the login page does. Shared by the login page and the panel, so it uses no
// TanStack Query (only the panel's chunk has it).
import { Eye, EyeOff, UserPlus } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '../../components/ui/toast';
import { useSite } from '../../lib/content';
import { ROLE_WORDS, roleLabel, type Role } from '../access/roles';
import { API, ApiError, apiRequest, describeError, setToken, type LoginResponse } from '../api';
import { inputClass, labelClass } from '../styles';

/** The server's minimum for a new password (docs/admin-api.md). */
export const MIN_PASSWORD = 12;

/** The invitation's token in a location's fragment (`#invite=<token>`), or null. */
export function inviteTokenOf(hash: string): string | null {
  const match = /^#invite=([^&]+)/.exec(hash);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** Removes the invitation from the address bar and the history entry (it works once anyway). */
export function forgetInviteInAddress() {
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

interface InviteInfo {
  displayName: string;
  role: string;
  expiresAt?: string;
  createdBy?: string;
}

export const GONE = 'This invitation has expired or was already used. Ask for a new one.';
const UNKNOWN = 'This invitation link is not right: check that it was copied whole, or ask for a new one.';

/** The form's own checks, by field (the server checks again, and for common passwords). */
export function joinProblems(username: string, password: string): Partial<Record<'username' | 'password', string>> {
  const problems: Partial<Record<'username' | 'password', string>> = {};
  const name = username.trim();
  if (!name) problems.username = 'Please choose a user name.';
  else if (!/^[A-Za-z0-9._-]{3,40}$/.test(name)) problems.username = 'Use 3 to 40 letters, digits, dots, hyphens or underscores (no spaces).';
  if ([...password].length < MIN_PASSWORD) problems.password = `Choose a password of at least ${MIN_PASSWORD} characters.`;
  return problems;
}

type State = { kind: 'loading' } | { kind: 'gone'; message: string } | { kind: 'failed'; message: string } | { kind: 'open'; invite: InviteInfo };

/** The whole page: "Join <studio>". `onJoined` runs once the token is stored. */
export function JoinPage({ token, onJoined }: { token: string; onJoined: () => void }) {
  const site = useSite();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const path = `${API.publicInvites}/${encodeURIComponent(token)}`;

  useEffect(() => {
    let live = true;
    apiRequest<InviteInfo>('GET', path, undefined, { auth: false })
      .then((invite) => live && setState({ kind: 'open', invite }))
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 410) setState({ kind: 'gone', message: GONE });
        else if (error instanceof ApiError && error.status === 404) setState({ kind: 'gone', message: UNKNOWN });
        else setState({ kind: 'failed', message: describeError(error) });
      });
    return () => {
      live = false;
    };
  }, [path, attempt]);

  return (
    <div className="grid min-h-screen place-items-center px-5 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex items-center justify-center gap-3">
          <img src={site.logo} alt="" width={40} height={40} className="h-10 w-auto max-w-32 object-contain" />
          <span className="font-display text-2xl font-semibold tracking-wide">{site.studioName}</span>
        </div>
        <div className="rounded-sm border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="eyebrow">Invitation</p>
          <h1 className="mt-2 font-display text-4xl">Join {site.studioName}</h1>
          {state.kind === 'loading' && (
            <p role="status" className="mt-4 text-sm text-stone-600">
              Opening your invitation…
            </p>
          )}
          {state.kind === 'gone' && (
            <p role="alert" className="mt-4 text-sm font-semibold text-red-800" data-testid="invite-gone">
              {state.message}
            </p>
          )}
          {state.kind === 'failed' && (
            <div className="mt-4">
              <p role="alert" className="text-sm text-red-800">
                {state.message}
              </p>
              <button type="button" className="btn btn-outline mt-3" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </div>
          )}
          {state.kind === 'open' && (
            <JoinForm path={path} invite={state.invite} onGone={(message) => setState({ kind: 'gone', message })} onJoined={onJoined} />
          )}
        </div>
      </div>
    </div>
  );
}

function JoinForm({ path, invite, onGone, onJoined }: { path: string; invite: InviteInfo; onGone: (message: string) => void; onJoined: () => void }) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<'username' | 'password', string>>>({});
  const [busy, setBusy] = useState(false);
  const role = invite.role as Role;
  const words = ROLE_WORDS[role];

  const focusFirst = (found: typeof errors) => {
    const first = found.username ? 'username' : found.password ? 'password' : null;
    if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = joinProblems(username, password);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiRequest<LoginResponse>('POST', path, { username: username.trim(), password }, { auth: false });
      // Signed in exactly as the login page signs in.
      setToken(answer.token);
      forgetInviteInAddress();
      toast({ title: `Welcome, ${invite.displayName}.` });
      onJoined();
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 410) {
        forgetInviteInAddress();
        onGone(GONE);
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        const message = error.serverMessage ?? error.message;
        // `{message, field}`; a message that starts with its field's name finds it too.
        const field = error.field ?? (/^password/i.test(message) ? 'password' : 'username');
        const found = { [field === 'password' ? 'password' : 'username']: message };
        setErrors(found);
        focusFirst(found);
        return;
      }
      toast({ variant: 'destructive', title: 'Could not join', description: describeError(error) });
    }
  };

  const field = (key: 'username' | 'password', label: string, hint: string, input: Record<string, unknown>, value: string, set: (v: string) => void) => {
    const error = errors[key];
    return (
      <div className="grid gap-2">
        <label htmlFor={`${id}-${key}`} className={labelClass}>
          {label}
        </label>
        <input
          id={`${id}-${key}`}
          {...input}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error && `${id}-${key}-error`, `${id}-${key}-hint`].filter(Boolean).join(' ')}
          onInput={(event) => set((event.currentTarget as HTMLInputElement).value)}
          className={inputClass}
        />
        {error && (
          <p id={`${id}-${key}-error`} className="text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        <p id={`${id}-${key}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      </div>
    );
  };

  return (
    <>
      <p className="mt-3 text-sm text-stone-700" data-testid="invite-who">
        {invite.createdBy ? `${invite.createdBy} invited you` : 'You are invited'} as <strong>{invite.displayName}</strong>, role{' '}
        <strong>{roleLabel(invite.role)}</strong>
        {words ? `: ${words.description}.` : '.'}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 grid gap-5" aria-label="Join">
        {field(
          'username',
          'User name',
          'What you will sign in with: 3 to 40 letters, digits, dots, hyphens or underscores.',
          { name: 'username', autoComplete: 'username', autoCapitalize: 'none', spellcheck: false },
          username,
          setUsername,
        )}
        {field(
          'password',
          'Password',
          `At least ${MIN_PASSWORD} characters; a common password is refused. A few words only you would put together work well.`,
          { name: 'password', type: show ? 'text' : 'password', autoComplete: 'new-password', autoCapitalize: 'none', spellcheck: false },
          password,
          setPassword,
        )}
        <button
          type="button"
          aria-pressed={show}
          aria-controls={`${id}-password`}
          onClick={() => setShow((shown) => !shown)}
          className="-mt-3 inline-flex min-h-11 items-center gap-2 justify-self-start text-sm font-semibold underline underline-offset-4"
        >
          {show ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          Show password
        </button>
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          <UserPlus aria-hidden="true" className="size-4" />
          {busy ? 'Joining…' : 'Join and sign in'}
        </button>
      </form>
    </>
  );
}
