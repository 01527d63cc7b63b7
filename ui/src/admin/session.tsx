import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { toast } from '../components/ui/toast';
import { API, ApiError, clearToken, describeError, getToken, onUnauthorized, type AdminIdentity } from './api';
import { Spinner } from './Spinner';

export const LOGIN_PATH = '/admin-login';

export interface VerifyResponse {
  /** Who is signed in; `role` decides what the panel shows (access/roles.ts). */
  admin: AdminIdentity;
  /** The owner signed in with the password printed at the first run (absent from an older server). */
  passwordIsGenerated?: boolean;
  /** Whether the server can send mail (absent from an older server: taken as yes, nothing said). */
  mailConfigured?: boolean;
}

/** What the server said of this session at sign-in (GET /api/admin/verify, cached for the visit). */
export function useSession(): VerifyResponse | undefined {
  return useQuery<VerifyResponse>({ queryKey: [API.verify], enabled: getToken() !== null }).data;
}

/**
 * Shows `children` only to a verified session (SPEC §4): no token goes to the login page, a token
 * waits for GET /api/admin/verify, and a token the server refuses, now or on any later call, is
 * removed and the owner is sent to sign in again, so an expired session never leaves a half-working panel.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const token = getToken();
  const verify = useQuery<VerifyResponse>({ queryKey: [API.verify], enabled: token !== null });

  useEffect(
    () =>
      onUnauthorized(() => {
        toast({ variant: 'destructive', title: 'Session expired', description: 'Please sign in again.' });
        navigate(LOGIN_PATH, { replace: true });
      }),
    [navigate],
  );

  const { error } = verify;
  useEffect(() => {
    if (!error) return;
    clearToken();
    // A refused token has already been announced by the onUnauthorized listener above.
    if (!(error instanceof ApiError && error.status === 401)) {
      toast({ variant: 'destructive', title: 'Could not check your session', description: describeError(error) });
    }
    navigate(LOGIN_PATH, { replace: true });
  }, [error, navigate]);

  if (token === null) return <Navigate to={LOGIN_PATH} replace />;
  if (!verify.isSuccess) return <Spinner label="Checking your session…" />;
  return <>{children}</>;
}
