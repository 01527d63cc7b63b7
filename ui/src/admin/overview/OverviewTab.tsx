import { useQuery } from '@tanstack/react-query';
import { FolderOpen, Images, Mail, Plus, Settings, TriangleAlert, UserPlus, type LucideIcon } from 'lucide-react';
import { useAccess } from '../access/access';
import type { Capability } from '../access/roles';
import { API, apiRequest, type SiteAddress } from '../api';
import { SecurityNotices } from '../activity/SecurityNotices';
import { OffsiteWarning } from '../backup/OffsiteCard';
import { useInboxCounts } from '../inbox/UnreadBadge';
import { statsKey, totals, type StatsReport } from '../visitors/stats';
import { ComingUp } from '../consultations/ComingUp';
import { FollowUps } from '../leads/FollowUps';
import { Card, TabHeading } from '../ui';
import { NoMailNotice } from '../mail/MailNotice';
import { UpdateNotice } from './UpdateNotice';

/** Where a quick action leads: a tab, and for some a form opened in it. */
export type QuickAction = 'add-slide' | 'slides' | 'portfolio' | 'messages' | 'logo' | 'settings' | 'people' | 'activity';

// `paged`: the list call answers `?limit=0` with its total alone (docs/admin-api.md), so a studio
// with 500 projects is counted without loading them.
// `needs`: what the role must be allowed for the card or action to show (access/roles.ts).
const counts: { label: string; path: string; icon: LucideIcon; paged?: boolean; needs: Capability }[] = [
  { label: 'Hero slides', path: API.heroSlides, icon: Images, paged: true, needs: 'content.view' },
  { label: 'Portfolio projects', path: API.projects, icon: FolderOpen, paged: true, needs: 'content.view' },
  { label: 'Settings', path: API.settings, icon: Settings, needs: 'settings' },
];

const actions: { action: QuickAction; label: string; icon: LucideIcon; needs: Capability }[] = [
  { action: 'add-slide', label: 'Add a hero slide', icon: Plus, needs: 'content.edit' },
  { action: 'messages', label: 'Read messages', icon: Mail, needs: 'enquiries' },
  { action: 'logo', label: 'Change the logo', icon: Images, needs: 'settings' },
  { action: 'settings', label: 'Edit company details', icon: Settings, needs: 'settings' },
  { action: 'portfolio', label: 'View portfolio', icon: FolderOpen, needs: 'content.view' },
  { action: 'people', label: 'Invite someone', icon: UserPlus, needs: 'people' },
];

function Count({ label, path, icon, paged }: (typeof counts)[number]) {
  // Keyed under the list's path: a save in its tab (which invalidates [path]) counts again.
  const list = useQuery<unknown[] | { total: number }>({
    queryKey: paged ? [path, 'total'] : [path],
    queryFn: () => apiRequest<unknown[] | { total: number }>('GET', paged ? `${path}?limit=0` : path),
  });
  const total = list.data === undefined ? undefined : Array.isArray(list.data) ? list.data.length : list.data.total;
  const value = total !== undefined ? String(total) : list.isError ? '–' : '…';
  return <CountCard label={label} value={value} icon={icon} />;
}

/** Messages in the inbox, and how many wait unread (counted on the server, never by loading them all). */
function MessagesCount() {
  const counts = useInboxCounts();
  const value = counts.isSuccess ? String(counts.data.inbox) : counts.isError ? '–' : '…';
  const unread = counts.data?.unread ?? 0;
  return <CountCard label="Messages" value={value} icon={Mail} note={unread > 0 ? `${unread} unread` : undefined} />;
}

function CountCard({ label, value, icon: Icon, note }: { label: string; value: string; icon: LucideIcon; note?: string }) {
  return (
    <Card className="flex items-center gap-4">
      <span className="hidden size-12 shrink-0 place-items-center rounded-full bg-sand text-brass-700 sm:grid">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="font-display text-4xl leading-none">
          {value}
        </p>
        <p className="mt-1 text-sm text-stone-600">{label}</p>
        {note && <p className="text-sm font-semibold text-brass-700">{note}</p>}
      </div>
    </Card>
  );
}

/** The last 7 days of the Visitors tab, in one line. */
function LastWeek({ withMessages }: { withMessages: boolean }) {
  const report = useQuery<StatsReport>({ queryKey: [statsKey(7)], staleTime: 0 });
  if (!report.isSuccess) return null;
  const { views, visitors, messages } = totals(report.data.days);
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return (
    <p className="mb-6 text-sm text-stone-600" data-testid="last-week">
      Last 7 days: {plural(views, 'view')}
      {withMessages ? `, ${plural(visitors, 'visitor')}, ${plural(messages, 'message')}` : ` and ${plural(visitors, 'visitor')}`}.
    </p>
  );
}

/** One HTTPS certificate as `GET /api/admin/certificates` gives it (src/tls/mod.rs). */
type Certificate = { domains: string[]; notAfter: number | null; source: 'acme' | 'files' };

/** One line per certificate when studio serves HTTPS itself; nothing behind a proxy. */
function Certificates() {
  const list = useQuery<Certificate[]>({ queryKey: ['/api/admin/certificates'] });
  if (!list.isSuccess || list.data.length === 0) return null;
  return (
    <ul className="mt-6 text-sm text-stone-600">
      {list.data.map((c) => (
        <li key={c.domains.join(',')}>
          HTTPS certificate for {c.domains.join(', ') || 'this site'}:{' '}
          {c.notAfter === null
            ? 'being ordered'
            : `valid until ${new Date(c.notAfter * 1000).toLocaleDateString()}${c.source === 'acme' ? ', renewed automatically' : ''}`}
        </li>
      ))}
    </ul>
  );
}

/** What `GET /api/health` answers (src/health.rs): 200 `ok`, or 503 with the problems. */
type Health = { status: string; problems?: { kind: string; message: string }[]; mailDropped?: number };

/** The health even when it is a 503: the answer then says what is wrong. */
async function fetchHealth(): Promise<Health> {
  const response = await fetch('/api/health', { credentials: 'include' });
  return (await response.json()) as Health;
}

/** A banner while the server cannot save (a full disk) or its data file failed a check. */
function HealthWarning() {
  // Asked again each time the Overview opens: a full disk comes and goes.
  const health = useQuery<Health>({ queryKey: ['/api/health'], queryFn: fetchHealth, staleTime: 0 });
  const problems = health.data?.problems ?? [];
  const dropped = health.data?.mailDropped ?? 0;
  if (problems.length === 0 && dropped === 0) return null;
  if (problems.length === 0) {
    // Not a fault of the site (what the mails copied is kept), but the owner should know.
    return (
      <p role="note" className="mb-6 rounded-sm border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="mail-dropped">
        {dropped === 1 ? '1 e-mail' : `${dropped} e-mails`} could not be sent since the site started: too many were waiting
        while the mail server did not answer. The enquiries and bookings they were about are all in the panel. If this
        keeps happening, ask your host to check the mail settings.
      </p>
    );
  }
  return (
    <div role="alert" className="mb-6 rounded-sm border border-red-300 bg-red-50 p-4 text-sm text-red-800" data-testid="health-warning">
      {problems.map((problem) => (
        <p key={problem.kind} className="flex items-start gap-2 font-semibold">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {problem.message}
        </p>
      ))}
    </div>
  );
}

/** One line when the site's address is unknown: what is missing and where to set it. */
function NoSiteAddress() {
  const address = useQuery<SiteAddress>({ queryKey: [API.siteAddress] });
  if (!address.isSuccess || address.data.origin) return null;
  return (
    <p className="mt-6 text-sm text-stone-600" data-testid="no-site-address">
      The site's address is not set (Settings, Site address), so there is no sitemap for search engines and link previews
      show no image.
    </p>
  );
}

export function OverviewTab({ onAction }: { onAction: (action: QuickAction) => void }) {
  // Each part only for a role that may use what it counts or leads to (access/roles.ts).
  const { can } = useAccess();
  return (
    <section aria-labelledby="overview-heading">
      <TabHeading id="overview-heading" title="Overview" lead="What the site holds today, and shortcuts to the usual tasks." />
      <HealthWarning />
      {can('people') && <SecurityNotices onOpen={() => onAction('activity')} />}
      {can('enquiries') && <NoMailNotice />}
      {can('settings') && <UpdateNotice />}
      {can('backups') && <OffsiteWarning onOpen={() => onAction('settings')} />}
      <LastWeek withMessages={can('enquiries')} />
      {can('enquiries') && <ComingUp />}
      {can('enquiries') && <FollowUps />}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {counts
          .slice(0, 2)
          .filter((count) => can(count.needs))
          .map((count) => (
            <Count key={count.path} {...count} />
          ))}
        {can('enquiries') && <MessagesCount />}
        {counts
          .slice(2)
          .filter((count) => can(count.needs))
          .map((count) => (
            <Count key={count.path} {...count} />
          ))}
      </div>
      {/* Under the counts: a line that appears once its answer comes must not push them down. */}
      {can('settings') && <NoSiteAddress />}
      {can('settings') && <Certificates />}
      <h3 className="mt-10 font-display text-2xl">Quick actions</h3>
      <div className="mt-4 flex flex-wrap gap-3">
        {actions.filter(({ needs }) => can(needs)).map(({ action, label, icon: Icon }) => (
          <button key={action} type="button" className="btn btn-outline" onClick={() => onAction(action)}>
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        ))}
      </div>
    </section>
  );
}
