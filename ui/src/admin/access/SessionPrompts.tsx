// The two questions the API client may need answered in the middle of any call (api.ts,
// `setSessionPrompts`): "Sign in again" when the session ended elsewhere, "Confirm it's you" when a
// sensitive call wants the password again. Each is a dialog over the screen, so that the form and what
// was typed in it stay as they were; the call is sent once more after it.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/toast';
import { API, ApiError, apiRequest, clearToken, describeError, describeWait, setSessionPrompts, setToken, type LoginResponse } from '../api';
import { FieldError } from '../editor/fields';
import { LOGIN_PATH } from '../session';
import { buttonStyles, inputClass, labelClass } from '../ui';

type Asking = { kind: 'sign-in' } | { kind: 'reauth'; message: string | undefined };

/** Registers the prompts while the panel is open and shows the one being asked. */
export function SessionPrompts({ username }: { username: string }) {
  const [asking, setAsking] = useState<Asking | null>(null);
  // Every call waiting on the same answer: two saves refused at once ask once.
  const waiting = useRef<{ kind: Asking['kind']; promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);

  useEffect(() => {
    const ask = (next: Asking): Promise<boolean> => {
      if (waiting.current) {
        // A sign-in answers a reauth too (the password was just checked); anything else waits its turn.
        const pending = waiting.current.promise;
        return waiting.current.kind === next.kind || waiting.current.kind === 'sign-in' ? pending : pending.then(() => ask(next));
      }
      let resolve: (ok: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((done) => (resolve = done));
      waiting.current = { kind: next.kind, promise, resolve };
      setAsking(next);
      return promise;
    };
    return setSessionPrompts({
      signIn: () => ask({ kind: 'sign-in' }),
      reauth: (message) => ask({ kind: 'reauth', message }),
    });
  }, []);

  const answer = (ok: boolean) => {
    const current = waiting.current;
    waiting.current = null;
    setAsking(null);
    current?.resolve(ok);
  };

  if (!asking) return null;
  return asking.kind === 'sign-in' ? (
    <SignInAgain username={username} onDone={answer} />
  ) : (
    <ConfirmItsYou message={asking.message} onDone={answer} />
  );
}

/** A small modal box over the screen: its heading names it, Escape cancels, the password field has the cursor. */
function PromptDialog({
  title,
  lead,
  onCancel,
  onSubmit,
  children,
  testId,
}: {
  title: string;
  lead: ReactNode;
  onCancel: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  testId: string;
}) {
  const id = useId();
  const box = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLInputElement>('input[type=password]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Back where the person was (the Save button of the form they were in).
      before?.focus?.({ preventScroll: true });
    };
  }, []);
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-charcoal/50 p-4" data-testid={testId}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-lead`}
        className="w-full max-w-sm rounded-sm border border-sand-200 bg-white p-5 shadow-xl"
      >
      <form ref={box} noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="font-display text-2xl">
          {title}
        </h2>
        <div id={`${id}-lead`} className="mt-2 text-sm text-stone-700">
          {lead}
        </div>
        <div className="mt-4 grid gap-4">{children}</div>
      </form>
      </div>
    </div>
  );
}

function PasswordField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className={labelClass}>
        Password
      </label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(event) => onChange(event.currentTarget.value)}
        className={inputClass}
      />
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

/** Why a password was not taken, in words, at the field. */
function passwordRefusal(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429) {
    const wait = describeWait(error.retryAfter);
    return wait ? `Too many attempts. Please wait ${wait} and try again.` : 'Too many attempts. Please wait a while and try again.';
  }
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return error.serverMessage ?? fallback;
  return describeError(error);
}

/** The session ended (signed out from elsewhere, or it expired): sign in here, over the open form. */
function SignInAgain({ username, onDone }: { username: string; onDone: (ok: boolean) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Please enter your password.');
      return;
    }
    setBusy(true);
    try {
      const { token } = await apiRequest<LoginResponse>('POST', API.login, { username, password }, { auth: false });
      setToken(token);
      onDone(true);
    } catch (failure) {
      setError(passwordRefusal(failure, 'That password is not right.'));
      setBusy(false);
    }
  };
  const notNow = () => {
    toast({ variant: 'destructive', title: 'Not saved: you are signed out', description: 'What you typed is still here. Sign in to save it.' });
    onDone(false);
  };
  const leave = () => {
    onDone(false);
    clearToken();
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <PromptDialog
      title="Sign in again"
      testId="sign-in-again"
      lead={
        <p>
          Your session has ended (signed out from another device, or it ran out). Sign in as <strong>{username}</strong> to carry on:
          what you typed is kept.
        </p>
      }
      onCancel={notNow}
      onSubmit={(event) => void submit(event)}
    >
      {/* For the password manager: which account this password is for. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField value={password} onChange={setPassword} error={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={notNow}>
          Not now
        </button>
        <button type="button" className={buttonStyles.plain} onClick={leave}>
          Go to the sign-in page
        </button>
      </div>
    </PromptDialog>
  );
}

/** A sensitive change wants the password again (last checked over 15 minutes ago). */
function ConfirmItsYou({ message, onDone }: { message: string | undefined; onDone: (ok: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Please enter your password.');
      return;
    }
    setBusy(true);
    try {
      await apiRequest<{ reauthUntil: string }>('POST', API.reauth, { password }, { prompt: false });
      onDone(true);
    } catch (failure) {
      setError(passwordRefusal(failure, 'Your password is not correct.'));
      setBusy(false);
    }
  };

  return (
    <PromptDialog
      title="Confirm it's you"
      testId="confirm-its-you"
      lead={<p>{message ?? 'This change needs your password again.'} Type your password to go on; nothing else you typed changes.</p>}
      onCancel={() => onDone(false)}
      onSubmit={(event) => void submit(event)}
    >
      <PasswordField value={password} onChange={setPassword} error={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? 'Checking…' : 'Confirm'}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </PromptDialog>
  );
}
