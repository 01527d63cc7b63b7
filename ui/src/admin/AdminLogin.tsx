import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../components/ui/toast';
import { useSite } from '../lib/content';
import { API, ApiError, apiRequest, describeWait, setToken } from './api';
import { inputClass, labelClass } from './styles';
import { inviteTokenOf, JoinPage } from './invite/JoinPage';

export const PANEL_PATH = '/adminpanel';

interface LoginResponse {
  token: string;
}

/** The toast text for a failed sign-in: how long to wait after too many tries, else the server's words. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const wait = describeWait(error.retryAfter);
      return wait
        ? `Too many sign-in attempts. Please wait ${wait} and try again.`
        : 'Too many sign-in attempts. Please wait a while and try again.';
    }
    if (error.serverMessage) return error.serverMessage;
  }
  return 'Invalid credentials. Please try again.';
}

export default function AdminLogin() {
  const navigate = useNavigate();
  // An invitation's link lands here (`/admin/#invite=…`): accept it instead of signing in.
  const [invite] = useState(() => inviteTokenOf(window.location.hash));
  if (invite) return <JoinPage token={invite} onJoined={() => navigate(PANEL_PATH)} />;
  return <SignIn />;
}

function SignIn() {
  const site = useSite();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const [showPassword, setShowPassword] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      toast({ variant: 'destructive', title: 'Please enter both username and password.' });
      return;
    }
    setBusy(true);
    try {
      const { token } = await apiRequest<LoginResponse>(
        'POST',
        API.login,
        { username: username.trim(), password },
        { auth: false },
      );
      setToken(token);
      toast({ title: 'Login successful. Welcome to the admin panel.' });
      navigate(PANEL_PATH);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Login Failed', description: loginFailureMessage(error) });
      setBusy(false);
    }
  };

  return (
    <div className="grid min-h-screen place-items-center px-5 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex items-center justify-center gap-3">
          <img src={site.logo} alt="" width={40} height={40} className="h-10 w-auto max-w-32 object-contain" />
          <span className="font-display text-2xl font-semibold tracking-wide">{site.studioName}</span>
        </div>
        <div className="rounded-sm border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="eyebrow">Admin</p>
          <h1 className="mt-2 font-display text-4xl">Sign in</h1>
          <p className="mt-2 text-sm text-stone-600">Manage the home page slides, messages and company details.</p>
          <form noValidate onSubmit={submit} className="mt-8 grid gap-5">
            <div className="grid gap-2">
              <label htmlFor="admin-username" className={labelClass}>
                Username
              </label>
              <input
                id="admin-username"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellcheck={false}
                required
                value={username}
                onInput={(event) => setUsername(event.currentTarget.value)}
                className={inputClass}
              />
            </div>
            <div className="grid gap-2">
              <label htmlFor="admin-password" className={labelClass}>
                Password
              </label>
              <input
                id="admin-password"
                name="password"
                type={(showPassword ? 'text' : 'password') as 'password'}
                autoComplete="current-password"
                autoCapitalize="none"
                spellcheck={false}
                required
                value={password}
                onInput={(event) => setPassword(event.currentTarget.value)}
                className={inputClass}
              />
              {/* A button, not a second labelled input: the password field stays the only one called Password. */}
              <button
                type="button"
                aria-pressed={showPassword}
                aria-controls="admin-password"
                onClick={() => setShowPassword((shown) => !shown)}
                className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm font-semibold underline underline-offset-4"
              >
                {showPassword ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
                Show password
              </button>
            </div>
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              <LogIn aria-hidden="true" className="size-4" />
              {busy ? 'Signing in…' : 'Sign In'}
            </button>
          </form>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-stone-600 underline underline-offset-4 hover:text-charcoal">
            Back to the website
          </Link>
        </p>
      </div>
    </div>
  );
}
