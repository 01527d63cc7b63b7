import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { API, ApiError, apiRequest, clearToken, describeWait, setToken } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { LOGIN_PATH, useSession } from '../session';
import { buttonStyles, Card, inputClass, labelClass } from '../ui';

/** The server's minimum (src/api/account.rs), checked here first so the owner hears it at once. */
export const MIN_PASSWORD_LENGTH = 12;

/** What is wrong with the typed passwords, or undefined when they can be sent. */
export function passwordProblem(current: string, next: string, repeat: string): string | undefined {
  if (!current) return 'Please enter your current password.';
  if ([...next].length < MIN_PASSWORD_LENGTH) return `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (next !== repeat) return 'The new passwords do not match.';
  return undefined;
}

interface ChangedResponse {
  token: string;
}

/** Account > Password: change the password (this session stays signed in) and sign out everywhere. */
export function AccountSection() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  // Signed in with the password printed at the first run: this is where the panel opened, to set one's own.
  const generated = useSession()?.passwordIsGenerated === true;
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!generated) return;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.querySelector<HTMLInputElement>('input[type=password]')?.focus({ preventScroll: true });
  }, [generated]);

  const change = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(current, next, repeat);
    if (problem) {
      toastFailure(problem);
      return;
    }
    setBusy(true);
    try {
      const { token } = await apiRequest<ChangedResponse>('POST', API.password, {
        currentPassword: current,
        newPassword: next,
      });
      // Every earlier token is now refused; this session carries on with the fresh one.
      setToken(token);
      setCurrent('');
      setNext('');
      setRepeat('');
      // The server no longer calls the password the printed one.
      void queryClient.invalidateQueries({ queryKey: [API.verify] });
      toastSuccess('Password changed successfully');
    } catch (error) {
      const wait = error instanceof ApiError && error.status === 429 ? describeWait(error.retryAfter) : undefined;
      toastFailure(wait ? `Too many attempts. Try again in ${wait}.` : 'Password not changed', wait ? undefined : error);
    } finally {
      setBusy(false);
    }
  };

  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await apiRequest<null>('POST', API.signOutEverywhere);
      clearToken();
      queryClient.clear();
      navigate(LOGIN_PATH, { replace: true });
      toastSuccess('Signed out everywhere');
    } catch (error) {
      toastFailure('Could not sign out everywhere', error);
      setBusy(false);
    }
  };

  const field = (key: string, label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <div className="grid gap-2">
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onInput={(event) => set(event.currentTarget.value)}
        className={inputClass}
        aria-describedby={key === 'new' ? `${id}-hint` : undefined}
      />
    </div>
  );

  return (
    <Card>
      <section ref={section} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
        <h3 id={`${id}-heading`} className="font-display text-2xl">
          Password
        </h3>
        {generated && (
          <p role="status" className="mt-3 max-w-2xl rounded-sm border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="printed-password">
            You signed in with the password printed when the site was installed. Choose your own now: type the printed one
            as the current password, then a new one only you know.
          </p>
        )}
        <form noValidate onSubmit={change} className="mt-4 grid max-w-md gap-4" aria-label="Change password">
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
          {field('current', 'Current password', current, setCurrent, 'current-password')}
          {field('new', 'New password', next, setNext, 'new-password')}
          <p id={`${id}-hint`} className="-mt-2 text-xs text-stone-600">
            At least {MIN_PASSWORD_LENGTH} characters. Every other signed-in device is signed out.
          </p>
          {field('repeat', 'Repeat the new password', repeat, setRepeat, 'new-password')}
          <div>
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              <KeyRound aria-hidden="true" className="size-4" />
              Change password
            </button>
          </div>
        </form>
        <div className="mt-8 border-t border-sand-200 pt-6">
          <p className="max-w-2xl text-sm text-stone-600">
            Lost a phone or signed in on a shared computer? Sign out everywhere ends every session, this one too.
          </p>
          <p className="mt-2 max-w-2xl text-sm text-stone-600" data-testid="key-rotation">
            A password change or Sign out everywhere makes a new signing key: every session, preview link and contact form
            opened before stops working.
          </p>
          <button type="button" className={`${buttonStyles.plain} mt-3`} disabled={busy} onClick={() => void signOutEverywhere()}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out everywhere
          </button>
        </div>
      </section>
    </Card>
  );
}
