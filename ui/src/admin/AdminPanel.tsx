import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ChartLine, ExternalLink, FileText, FolderOpen, History, Images, LayoutDashboard, LogOut, Mail, MessageSquareQuote, Newspaper, Settings, UserRound, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../components/ui/toast';
import { useSite } from '../lib/content';
import { DEFAULT_LOGO } from '../lib/site';
import { API, clearToken, type CompanySetting } from './api';
import { createAdminQueryClient } from './queryClient';
import { LOGIN_PATH, SessionGuard, useSession } from './session';
import { mayLeave } from './editor/leaveGuard';
import { LOGO_KEY } from './settings/settings';
import { Tabs, type TabDef } from './Tabs';
import { ConsultationsTab } from './consultations/ConsultationsTab';
import { UnreadBadge } from './inbox/UnreadBadge';
import { HeroSlidesTab } from './hero-slides/HeroSlidesTab';
import { MessagesTab } from './inbox/MessagesTab';
import { NewsTab } from './news/NewsTab';
import { OverviewTab, type QuickAction } from './overview/OverviewTab';
import { PagesTab } from './pages/PagesTab';
import { PortfolioTab } from './portfolio/PortfolioTab';
import { SettingsTab } from './settings/SettingsTab';
import { TestimonialsTab } from './testimonials/TestimonialsTab';

import { VisitorsTab } from './visitors/VisitorsTab';
import { ReadOnlyScope, useAccess } from './access/access';
import { CONTENT_TABS, phoneTabsFor, tabsFor, type TabKey } from './access/roles';
import { SessionPrompts } from './access/SessionPrompts';
import { AccountTab } from './account/AccountTab';
import { ActivityTab } from './activity/ActivityTab';
import { PeopleTab } from './people/PeopleTab';
import { JoinPage, inviteTokenOf } from './invite/JoinPage';

const TABS: readonly TabDef<TabKey>[] = [
  { key: 'overview', label: 'Overview', icon: LayoutDashboard },
  { key: 'slides', label: 'Hero Slides', icon: Images },
  { key: 'portfolio', label: 'Portfolio', icon: FolderOpen },
  { key: 'messages', label: 'Messages', icon: Mail },
  { key: 'settings', label: 'Settings', icon: Settings },
  { key: 'news', label: 'News', icon: Newspaper },
  { key: 'testimonials', label: 'Testimonials', icon: MessageSquareQuote },
  { key: 'visitors', label: 'Visitors', icon: ChartLine },
  { key: 'pages', label: 'Pages', icon: FileText },
  { key: 'consultations', label: 'Consultations', icon: CalendarDays },
  { key: 'people', label: 'People', icon: Users },
  { key: 'activity', label: 'Activity', icon: History },
  { key: 'account', label: 'Account', icon: UserRound },
];

const ACTION_TABS: Record<QuickAction, TabKey> = {
  'add-slide': 'slides',
  slides: 'slides',
  portfolio: 'portfolio',
  messages: 'messages',
  logo: 'settings',
  settings: 'settings',
  people: 'people',
  activity: 'activity',
};

/** The owner's dashboard (SPEC §2): a separate chunk, with the only copy of TanStack Query. */
export default function AdminPanel() {
  // One cache per visit: a new sign-in never sees the lists of the session before it.
  const [queryClient] = useState(createAdminQueryClient);
  // An invitation's link (`/admin/#invite=…`) opens the page that accepts it, whoever is signed in here.
  const [invite, setInvite] = useState(() => inviteTokenOf(window.location.hash));
  return (
    <QueryClientProvider client={queryClient}>
      {invite ? (
        <JoinPage
          token={invite}
          onJoined={() => {
            // A new person on this browser: nothing of the session before.
            queryClient.clear();
            setInvite(null);
          }}
        />
      ) : (
        <SessionGuard>
          <Dashboard />
        </SessionGuard>
      )}
    </QueryClientProvider>
  );
}

function Dashboard() {
  const site = useSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const access = useAccess();
  // Only the sections this role may use: no tab, button or count it cannot use (access/roles.ts).
  const shown = tabsFor(access.role);
  const tabs = TABS.filter((tab) => shown.includes(tab.key));
  const requested = params.get('tab');
  const tab: TabKey = shown.find((key) => key === requested) ?? 'overview';
  const [intent, setIntent] = useState<QuickAction | null>(null);
  // Signed in with the printed first password: open Account, which asks for one's own.
  const generated = useSession()?.passwordIsGenerated === true;
  useEffect(() => {
    if (generated) setParams({ tab: 'account' }, { replace: true });
    // When the panel opens (and once the password is changed, never again): the owner may then go anywhere.
  }, [generated]);

  const select = (key: TabKey): boolean => {
    // An editor with unsaved changes (the Pages tab) asks first.
    if (key !== tab && !mayLeave()) return false;
    setIntent(null);
    // The tab lives in the address, so a reload or a shared link opens the same tab.
    setParams(key === 'overview' ? {} : { tab: key }, { replace: true });
    return true;
  };

  const onAction = (action: QuickAction) => {
    select(ACTION_TABS[action]);
    setIntent(action);
  };

  const logout = () => {
    clearToken();
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
    toast({ title: 'Logged out' });
  };

  return (
    // Room at the foot for the phone's tab bar.
    <div className="min-h-screen pb-20 md:pb-0">
      <header className="border-b border-sand-200 bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-4 py-4">
          <div className="flex min-w-0 items-center gap-3">
            <HeaderLogo />
            <div className="min-w-0">
              <p className="truncate text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">{site.studioName}</p>
              <h1 className="font-display text-xl sm:text-3xl">Admin Dashboard</h1>
            </div>
          </div>
          <div className="flex gap-2">
            <a
              href="/"
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center gap-2 rounded-sm border border-stone-400 bg-white px-3 text-sm font-semibold hover:bg-charcoal hover:text-ivory"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              View site<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <button
              type="button"
              onClick={logout}
              className="inline-flex min-h-11 items-center gap-2 rounded-sm border border-charcoal bg-charcoal px-3 text-sm font-semibold text-ivory hover:bg-brass-600"
            >
              <LogOut aria-hidden="true" className="size-4" />
              Log out
            </button>
          </div>
        </div>
      </header>
      <div className="container-page py-4 sm:py-8">
        <Tabs
          label="Admin sections"
          tabs={tabs}
          selected={tab}
          onSelect={select}
          badges={access.can('enquiries') ? { messages: <UnreadBadge /> } : {}}
          primary={phoneTabsFor(access.role)}
        >
          <ReadOnlyScope readOnly={CONTENT_TABS.includes(tab) && !access.can('content.edit')}>
            {tab === 'overview' && <OverviewTab onAction={onAction} />}
            {tab === 'slides' && <HeroSlidesTab startCreating={intent === 'add-slide'} />}
            {tab === 'portfolio' && <PortfolioTab />}
            {tab === 'messages' && <MessagesTab />}
            {tab === 'settings' && <SettingsTab focusLogo={intent === 'logo'} />}
            {tab === 'news' && <NewsTab />}
            {tab === 'testimonials' && <TestimonialsTab />}
            {tab === 'visitors' && <VisitorsTab />}
            {tab === 'pages' && <PagesTab />}
            {tab === 'consultations' && <ConsultationsTab />}
            {tab === 'people' && <PeopleTab />}
            {tab === 'activity' && <ActivityTab />}
            {tab === 'account' && <AccountTab />}
          </ReadOnlyScope>
        </Tabs>
      </div>
      {/* Sign in again, or confirm it's you, over whatever is open: the typing stays (api.ts asks). */}
      <SessionPrompts username={access.username} />
    </div>
  );
}

/** The stored logo as the panel last loaded it, so a new upload shows here at once. */
function HeaderLogo() {
  const site = useSite();
  // Settings are the Owner's: another role sees the logo the site's pages carry.
  const mayReadSettings = useAccess().can('settings');
  const settings = useQuery<CompanySetting[]>({ queryKey: [API.settings], enabled: mayReadSettings });
  const stored = settings.data?.find((setting) => setting.settingKey === LOGO_KEY)?.settingValue.trim();
  const logo = settings.isSuccess ? stored || DEFAULT_LOGO : site.logo;
  // A wide wordmark keeps its proportions; the studio name beside it names the page.
  return <img src={logo} alt="" width={40} height={40} className="h-10 w-auto max-w-32 shrink-0 object-contain" />;
}
