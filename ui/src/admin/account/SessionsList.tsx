// "Where you're signed in": each session with its device in words, address, when it began and was
// last used; this device marked; Sign out for any other, and Sign out all other devices. An Owner
// opening a person on the People screen sees that person's sessions here and can end them.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { API, apiRequest } from '../api';
import { formatWhen } from '../editor/HistoryPanel';
import { toastFailure, toastSuccess } from '../feedback';
import { sessionPath, sessionsPath, type Session } from '../people/people';
import { buttonStyles, Card, LoadError, Loading } from '../ui';

export function SessionsList({ username, name }: { /** Another account's (an Owner's view); none: one's own. */ username?: string; name?: string }) {
  const queryClient = useQueryClient();
  const path = sessionsPath(username);
  const sessions = useQuery<Session[]>({ queryKey: [path], staleTime: 0 });
  const [busy, setBusy] = useState<string | null>(null);
  const own = username === undefined;

  const reload = () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(API.sessions) });

  const end = async (session: Session) => {
    setBusy(String(session.id));
    try {
      await apiRequest('DELETE', sessionPath(session.id));
      toastSuccess(`Signed out: ${session.device}`);
      await reload();
    } catch (error) {
      toastFailure('Could not sign out that device', error);
    } finally {
      setBusy(null);
    }
  };

  const endOthers = async () => {
    setBusy('others');
    try {
      const { ended } = (await apiRequest<{ ended?: number } | null>('POST', API.endOtherSessions)) ?? {};
      toastSuccess(ended === undefined ? 'Signed out all other devices' : `Signed out ${ended} other device${ended === 1 ? '' : 's'}`);
      await reload();
    } catch (error) {
      toastFailure('Could not sign out the other devices', error);
    } finally {
      setBusy(null);
    }
  };

  if (sessions.isPending) return <Loading what="the sessions" />;
  if (sessions.isError) return <LoadError what="the sessions" onRetry={() => void sessions.refetch()} />;
  const list = sessions.data;
  const others = list.filter((session) => !session.current);
  return (
    <div className="grid gap-3">
      {list.length === 0 && <p className="text-sm text-stone-600">{own ? 'No sessions.' : `${name ?? username} is not signed in anywhere.`}</p>}
      <ul className="grid gap-3" aria-label={own ? 'Your sessions' : `Sessions of ${name ?? username}`}>
        {list.map((session) => (
          <li key={session.id}>
            <Card className="flex flex-wrap items-center justify-between gap-3 !p-4">
              <div className="flex min-w-0 items-start gap-3">
                <MonitorSmartphone aria-hidden="true" className="mt-1 size-5 shrink-0 text-stone-600" />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {session.device || 'A device'}
                    {session.current && (
                      <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900" data-testid="this-device">
                        This device
                      </span>
                    )}
                  </p>
                  <p className="text-sm break-words text-stone-600">{session.address}</p>
                  <p className="text-sm text-stone-600">
                    Signed in <time dateTime={session.startedAt}>{formatWhen(session.startedAt)}</time>; last used{' '}
                    <time dateTime={session.lastSeenAt}>{formatWhen(session.lastSeenAt)}</time>
                  </p>
                </div>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className={buttonStyles.plain}
                  aria-label={`Sign out ${session.device || 'this device'} (${session.address})`}
                  disabled={busy !== null}
                  onClick={() => void end(session)}
                >
                  <LogOut aria-hidden="true" className="size-4" />
                  {busy === String(session.id) ? 'Signing out…' : 'Sign out'}
                </button>
              )}
            </Card>
          </li>
        ))}
      </ul>
      {own && others.length > 0 && (
        <div>
          <button type="button" className={buttonStyles.plain} disabled={busy !== null} onClick={() => void endOthers()}>
            <LogOut aria-hidden="true" className="size-4" />
            {busy === 'others' ? 'Signing out…' : 'Sign out all other devices'}
          </button>
        </div>
      )}
    </div>
  );
}
