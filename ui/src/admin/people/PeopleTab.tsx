// People (Owner): every account with its role, whether it is active and when it was last seen, and the
// open invitations. Invite someone (a one-time link to copy or share on WhatsApp), withdraw an
// invitation, change a role, deactivate or reactivate, and see or end a person's sessions.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, MessageCircle, UserPlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSite } from '../../lib/content';
import { ROLE_WORDS, ROLES, roleLabel, type Role } from '../access/roles';
import { useAccess } from '../access/access';
import { API, ApiError, apiRequest } from '../api';
import { SessionsList } from '../account/SessionsList';
import { formatWhen } from '../editor/HistoryPanel';
import { FieldError, TextField } from '../editor/fields';
import { EditorForm, useDraft } from '../editor/RecordForm';
import { toastFailure, toastSuccess } from '../feedback';
import { ActiveBadge, buttonStyles, Card, LoadError, Loading, TabHeading } from '../ui';
import {
  accountPath,
  activeOwners,
  inviteBody,
  invitePath,
  inviteProblems,
  lastSeenWords,
  whatsappShare,
  type Account,
  type InviteCreated,
  type InviteDraft,
  type PeopleList,
} from './people';

/** The invite form's labels, which a server refusal's `field` is mapped to. */
const LABELS = { displayName: 'Name', role: 'Role', email: 'E-mail (optional)', username: 'Name' } as const;

type Open = { mode: 'closed' } | { mode: 'invite' } | { mode: 'link'; created: InviteCreated; name: string } | { mode: 'role'; account: Account };

export function PeopleTab() {
  const people = useQuery<PeopleList>({ queryKey: [API.accounts], staleTime: 0 });
  const [open, setOpen] = useState<Open>({ mode: 'closed' });
  return (
    <section aria-labelledby="people-heading">
      <TabHeading
        id="people-heading"
        title="People"
        lead="Everyone who works on the site, each with their own sign-in and the role they need. Invite a person with a link that works once."
        action={
          open.mode === 'closed' && (
            <button type="button" className="btn btn-primary" onClick={() => setOpen({ mode: 'invite' })}>
              <UserPlus aria-hidden="true" className="size-4" />
              Invite someone
            </button>
          )
        }
      />
      {open.mode === 'invite' && (
        <InviteForm onCancel={() => setOpen({ mode: 'closed' })} onCreated={(created, name) => setOpen({ mode: 'link', created, name })} />
      )}
      {open.mode === 'link' && <InviteLink created={open.created} name={open.name} onDone={() => setOpen({ mode: 'closed' })} />}
      {open.mode === 'role' && (
        <RoleForm
          key={open.account.username}
          account={open.account}
          lastOwner={open.account.role === 'owner' && open.account.active && activeOwners(people.data?.accounts ?? []) <= 1}
          onDone={() => setOpen({ mode: 'closed' })}
        />
      )}
      {people.isPending ? (
        <Loading what="the people" />
      ) : people.isError ? (
        <LoadError what="the people" onRetry={() => void people.refetch()} />
      ) : (
        <div className="grid gap-8">
          <Accounts accounts={people.data.accounts} onChangeRole={(account) => setOpen({ mode: 'role', account })} />
          <Invites invites={people.data.invites} />
        </div>
      )}
    </section>
  );
}

/** The three roles as choices, each with its line on what it may do. */
export function RoleChoice({ value, onChange, error, name }: { value: string; onChange: (role: Role) => void; error?: string; name: string }) {
  const id = useId();
  return (
    <fieldset className="grid min-w-0 gap-2 md:col-span-2">
      <legend className="mb-2 text-sm font-semibold text-charcoal">Role</legend>
      {ROLES.map((role) => (
        <label
          key={role}
          className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-sm border p-3 ${value === role ? 'border-brass-600 bg-sand/60' : 'border-sand-200'}`}
        >
          <input
            type="radio"
            name={`${name}-${id}`}
            value={role}
            checked={value === role}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={() => onChange(role)}
            className="mt-1 size-5 shrink-0 accent-brass-600"
          />
          <span className="min-w-0">
            <span className="block font-semibold">{ROLE_WORDS[role].label}</span>
            <span className="block text-sm text-stone-600">{ROLE_WORDS[role].description}</span>
          </span>
        </label>
      ))}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </fieldset>
  );
}

/** A refusal of the server, by the label of the field it names (`{message, field}`), else undefined. */
export function refusalAt(error: unknown, labels: Record<string, string>, fallback?: string): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return undefined;
  const message = error.serverMessage ?? error.message;
  const named = error.field ? labels[error.field] : undefined;
  const label = named ?? fallback;
  return label ? { [label]: message } : undefined;
}

function InviteForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (created: InviteCreated, name: string) => void }) {
  const queryClient = useQueryClient();
  const initial: InviteDraft = { displayName: '', role: 'editor', email: '' };
  const { draft, set, errorOf, submit, refuse, attempt, dirty } = useDraft(initial, inviteProblems);
  const save = async () => {
    let refused: Record<string, string> | undefined;
    let created: InviteCreated | undefined;
    const saved = await submit(async () => {
      try {
        created = await apiRequest<InviteCreated>('POST', API.accounts, inviteBody(draft));
        return { ok: true };
      } catch (error) {
        refused = refusalAt(error, LABELS, LABELS.displayName);
        if (!refused) toastFailure('The invitation was not made', error);
        return { ok: false };
      }
    }, 'The invitation was not made');
    if (refused) refuse(refused);
    if (saved && created) {
      void queryClient.invalidateQueries({ queryKey: [API.accounts] });
      onCreated(created, draft.displayName.trim());
    }
    return saved;
  };
  return (
    <EditorForm heading="Invite someone" submitLabel="Make the invitation link" onSubmit={save} onCancel={onCancel} dirty={dirty} attempt={attempt}>
      <TextField label={LABELS.displayName} value={draft.displayName} onChange={set('displayName')} error={errorOf(LABELS.displayName)} required hint="As the panel and the activity record will show them, e.g. Meera Rao." />
      <TextField
        label={LABELS.email}
        type="email"
        value={draft.email}
        onChange={set('email')}
        error={errorOf(LABELS.email)}
        hint="When the server can send mail, the link is also e-mailed. You get the link here either way."
      />
      <RoleChoice name="invite-role" value={draft.role} onChange={set('role')} error={errorOf(LABELS.role)} />
    </EditorForm>
  );
}

/** The one-time link, once: copy it or share it on WhatsApp. */
function InviteLink({ created, name, onDone }: { created: InviteCreated; name: string; onDone: () => void }) {
  const site = useSite();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => input.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.inviteUrl);
      setCopied(true);
      toastSuccess('Link copied');
    } catch {
      // No clipboard (an older browser, no permission): the link is selected for a long press.
      input.current?.select();
      toastFailure('Could not copy', undefined, 'The link is selected: copy it from the box.');
    }
  };
  return (
    <Card className="mb-8">
      <section aria-labelledby={`${id}-heading`} data-testid="invite-link">
        <h3 id={`${id}-heading`} className="font-display text-2xl">
          Invitation for {name}
        </h3>
        <p className="mt-2 max-w-2xl text-sm text-stone-700">
          Send {name} this link. It works once, for 72 hours (until <time dateTime={created.expiresAt}>{formatWhen(created.expiresAt)}</time>): they choose
          a user name and a password and are signed in.
          {created.mailed ? ' It was also e-mailed to them.' : ''} It is shown only now.
        </p>
        <label htmlFor={`${id}-url`} className="mt-4 block text-sm font-semibold">
          Invitation link
        </label>
        <input
          ref={input}
          id={`${id}-url`}
          readOnly
          value={created.inviteUrl}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-2 block min-h-11 w-full min-w-0 rounded-sm border border-stone-400 bg-ivory px-3 py-2.5 text-sm break-all"
        />
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={buttonStyles.primary} onClick={() => void copy()}>
            <Copy aria-hidden="true" className="size-4" />
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <a href={whatsappShare(created.inviteUrl, site.studioName, name)} target="_blank" rel="noopener" className={buttonStyles.plain}>
            <MessageCircle aria-hidden="true" className="size-4" />
            Share on WhatsApp<span className="sr-only"> (opens WhatsApp)</span>
          </a>
          <button type="button" className={buttonStyles.plain} onClick={onDone}>
            Done
          </button>
        </div>
      </section>
    </Card>
  );
}

/** A person's role and the name shown for them; 409 when it would leave no active Owner, at the Role field. */
function RoleForm({ account, lastOwner, onDone }: { account: Account; lastOwner: boolean; onDone: () => void }) {
  const queryClient = useQueryClient();
  const initial = { role: account.role, displayName: account.displayName || account.username };
  const { draft, set, setDraft, errorOf, submit, refuse, attempt, dirty } = useDraft(initial, (d): Record<string, string> =>
    d.displayName.trim() ? {} : { Name: 'Please enter the name to show for this person.' },
  );
  const save = async () => {
    let refused: Record<string, string> | undefined;
    const saved = await submit(async () => {
      const body: { role?: string; displayName?: string } = {};
      if (draft.role !== initial.role) body.role = draft.role;
      if (draft.displayName.trim() !== initial.displayName) body.displayName = draft.displayName.trim();
      if (Object.keys(body).length === 0) return { ok: true };
      try {
        await apiRequest<Account>('PATCH', accountPath(account.username), body);
        return { ok: true };
      } catch (error) {
        // "There must always be an active Owner": the role is what cannot change.
        refused = refusalAt(error, { role: 'Role', displayName: 'Name' }, 'Role');
        if (!refused) toastFailure('Not saved', error);
        return { ok: false };
      }
    }, 'Not saved');
    if (refused) refuse(refused);
    if (saved) {
      toastSuccess(`${initial.displayName}: saved`);
      await queryClient.invalidateQueries({ queryKey: [API.accounts] });
      onDone();
    }
    return saved;
  };
  return (
    <EditorForm heading={`${initial.displayName} (${account.username})`} submitLabel="Save" onSubmit={save} onCancel={() => (dirty ? setDraft(initial) : onDone())} dirty={dirty} attempt={attempt}>
      <TextField label="Name" value={draft.displayName} onChange={set('displayName')} error={errorOf('Name')} />
      {lastOwner && (
        <p className="text-sm text-stone-600 md:col-span-2" data-testid="last-owner">
          {initial.displayName} is the only active Owner: there must always be one, so this role stays Owner until another person is one.
        </p>
      )}
      <RoleChoice name={`role-${account.username}`} value={draft.role} onChange={set('role')} error={errorOf('Role')} />
    </EditorForm>
  );
}

function Accounts({ accounts, onChangeRole }: { accounts: Account[]; onChangeRole: (account: Account) => void }) {
  const { username: me } = useAccess();
  return (
    <section aria-labelledby="accounts-heading">
      <h3 id="accounts-heading" className="mb-3 font-display text-2xl">
        Accounts
      </h3>
      <ul className="grid gap-3" aria-label="Accounts">
        {accounts.map((account) => (
          <li key={account.username}>
            <AccountCard account={account} isMe={account.username === me} lastOwner={account.role === 'owner' && account.active && activeOwners(accounts) <= 1} onChangeRole={() => onChangeRole(account)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AccountCard({ account, isMe, lastOwner, onChangeRole }: { account: Account; isMe: boolean; lastOwner: boolean; onChangeRole: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [showSessions, setShowSessions] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const errorId = useId();
  const name = account.displayName || account.username;

  const setActive = async (active: boolean) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await apiRequest<Account>('PATCH', accountPath(account.username), { active });
      toastSuccess(active ? `${name} can sign in again` : `${name} is deactivated: every session of theirs has ended`);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: [API.accounts] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setRefusal(error.serverMessage ?? error.message);
      else toastFailure(active ? 'Not reactivated' : 'Not deactivated', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="!p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-display text-2xl break-words">{name}</span>
            <ActiveBadge active={account.active} />
          </p>
          <p className="text-sm break-words text-stone-600">
            {account.username}
            {isMe ? ' (you)' : ''} · <strong className="text-charcoal">{roleLabel(account.role)}</strong> · {lastSeenWords(account.lastSeenAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonStyles.plain} aria-label={`Change the role of ${name}`} onClick={onChangeRole}>
            Change role
          </button>
          <button
            type="button"
            className={buttonStyles.plain}
            aria-expanded={showSessions}
            aria-label={`Sessions of ${name}`}
            onClick={() => setShowSessions((shown) => !shown)}
          >
            Sessions
          </button>
          {account.active ? (
            !isMe && (
              <button type="button" className={buttonStyles.danger} aria-label={`Deactivate ${name}`} onClick={() => setConfirming(true)}>
                Deactivate
              </button>
            )
          ) : (
            <button type="button" className={buttonStyles.plain} aria-label={`Reactivate ${name}`} disabled={busy} onClick={() => void setActive(true)}>
              Reactivate
            </button>
          )}
        </div>
      </div>
      {confirming && (
        <Confirm
          label={`Deactivate ${name}?`}
          onCancel={() => {
            setConfirming(false);
            setRefusal(undefined);
          }}
          onConfirm={() => void setActive(false)}
          confirmLabel="Yes, deactivate"
          busy={busy}
        >
          {name} can no longer sign in and every device they are signed in on is signed out at once. Their name stays on what
          they wrote. You can reactivate them later.
          {lastOwner && ' They are the only active Owner, so the server will refuse this.'}
        </Confirm>
      )}
      {refusal && (
        <p id={errorId} role="alert" className="mt-3 text-sm font-semibold text-red-800" data-testid="account-refusal">
          {refusal}
        </p>
      )}
      {showSessions && (
        <div className="mt-4 border-t border-sand-200 pt-4">
          <h4 className="mb-3 font-semibold">Where {name} is signed in</h4>
          {/* One's own list says "This device"; another person's is asked for by name. */}
          {isMe ? <SessionsList /> : <SessionsList username={account.username} name={name} />}
        </div>
      )}
    </Card>
  );
}

function Confirm({
  label,
  children,
  onCancel,
  onConfirm,
  confirmLabel,
  busy,
}: {
  label: string;
  children: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  busy: boolean;
}) {
  return (
    <div role="alertdialog" aria-label={label} className="mt-3 rounded-sm bg-sand p-3">
      <p className="font-semibold">{label}</p>
      <p className="mt-1 text-sm">{children}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.danger} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function Invites({ invites }: { invites: PeopleList['invites'] }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withdraw = async (id: number | string, name: string) => {
    setBusy(true);
    try {
      await apiRequest('DELETE', invitePath(id));
      toastSuccess(`The invitation for ${name} was withdrawn: its link no longer works`);
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: [API.accounts] });
    } catch (error) {
      toastFailure('The invitation was not withdrawn', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="invites-heading">
      <h3 id="invites-heading" className="mb-3 font-display text-2xl">
        Open invitations
      </h3>
      {invites.length === 0 ? (
        <p className="text-sm text-stone-600">None waiting.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Open invitations">
          {invites.map((invite) => (
            <li key={invite.id}>
              <Card className="!p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{invite.displayName}</p>
                    <p className="text-sm text-stone-600">
                      {roleLabel(invite.role)} · link works until <time dateTime={invite.expiresAt}>{formatWhen(invite.expiresAt)}</time>
                      {invite.createdBy ? ` · invited by ${invite.createdBy}` : ''}
                    </p>
                  </div>
                  <button
                    type="button"
                    className={buttonStyles.plain}
                    aria-label={`Withdraw the invitation for ${invite.displayName}`}
                    onClick={() => setConfirming(String(invite.id))}
                  >
                    <X aria-hidden="true" className="size-4" />
                    Withdraw
                  </button>
                </div>
                {confirming === String(invite.id) && (
                  <Confirm
                    label={`Withdraw the invitation for ${invite.displayName}?`}
                    onCancel={() => setConfirming(null)}
                    onConfirm={() => void withdraw(invite.id, invite.displayName)}
                    confirmLabel="Yes, withdraw it"
                    busy={busy}
                  >
                    The link stops working at once. You can invite them again.
                  </Confirm>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
