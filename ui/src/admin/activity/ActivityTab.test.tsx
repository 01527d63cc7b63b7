import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { openPanel, signedInApi, startPanelApi } from '../testPanel';
import type { RecordedRequest, Reply } from '../testServer';
import { activityPath, checkWords, datesProblem, NO_FILTERS } from './activity';

// The activity record over a stand-in with 60 entries (two pages of 50), newest first.
let whole: boolean;
let notices: { at: string; text: string }[];
const entry = (id: number) => ({
  id,
  at: new Date(Date.UTC(2026, 0, 1, 10, id)).toISOString(),
  actor: id % 2 ? 'meera' : 'admin',
  action: 'saved',
  kind: id % 2 ? 'content' : 'sign-in',
  subject: 'project',
  summary: id % 2 ? `Meera changed the project Villa ${id}` : `Anita signed in (${id})`,
  address: '203.0.113.9',
  device: 'Chrome on Android',
});
const ALL = Array.from({ length: 60 }, (_, i) => entry(60 - i));

function activity(request: RecordedRequest): Reply | undefined {
  const url = new URL(request.path, 'http://x');
  if (url.pathname === '/api/admin/activity/verify') return { body: whole ? { whole: true, entries: 60 } : { whole: false, brokenAt: 17, entries: 60 } };
  if (url.pathname === '/api/admin/security-notices') return { body: notices };
  if (url.pathname === '/api/admin/accounts') return { body: { accounts: [{ id: 2, username: 'meera', displayName: 'Meera', role: 'editor', active: true }], invites: [] } };
  if (url.pathname === '/api/admin/activity.csv') return { body: 'Date,Who\r\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="activity-2026-01-01.csv"' } };
  if (url.pathname !== '/api/admin/activity') return undefined;
  const p = url.searchParams;
  const before = p.get('before');
  const matching = ALL.filter((e) => (!p.get('username') || e.actor === p.get('username')) && (!p.get('kind') || e.kind === p.get('kind')))
    .filter((e) => before === null || e.id < Number(before));
  const page = matching.slice(0, 50);
  return { body: { entries: page, next: matching.length > 50 ? page.at(-1)!.id : null } };
}

const server = signedInApi(async () => (await startPanelApi(activity)).server);

beforeEach(() => {
  whole = true;
  notices = [];
});

/** Chooses an option as a person does (the select's own change event). */
function choose(label: string, value: string) {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const asked = () => server().requests.filter((r) => r.path.startsWith('/api/admin/activity?') || r.path === '/api/admin/activity').map((r) => r.path);

describe('activity.ts', () => {
  it('builds the query of the filters set, and says whether the record is whole', () => {
    expect(activityPath(NO_FILTERS)).toBe('/api/admin/activity');
    expect(activityPath({ username: 'meera', kind: 'content', from: '2026-01-01', to: '' }, 11)).toBe(
      '/api/admin/activity?username=meera&kind=content&from=2026-01-01&before=11',
    );
    expect(datesProblem({ ...NO_FILTERS, from: '2026-02-01', to: '2026-01-01' })).toMatch(/before the start/);
    expect(checkWords({ whole: true, entries: 3 })).toMatch(/^The record is whole/);
    expect(checkWords({ whole: false, brokenAt: 17 })).toContain('breaks at entry 17');
  });
});

describe('ActivityTab', () => {
  it('shows the entries newest first in sentences, and loads more with next', async () => {
    await openPanel('/adminpanel?tab=activity');
    expect((await screen.findByTestId('activity-check')).textContent).toContain('The record is whole');
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(50);
    expect(items[0]!.textContent).toContain('Anita signed in (60)');
    expect(items[1]!.textContent).toContain('Meera changed the project Villa 59');
    expect(items[1]!.textContent).toContain('Chrome on Android · 203.0.113.9');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked()).toEqual(['/api/admin/activity', '/api/admin/activity?before=11']);
  });

  it('filters by person and kind (in words), and warns where the chain breaks', async () => {
    whole = false;
    await openPanel('/adminpanel?tab=activity');
    const check = await screen.findByTestId('activity-check');
    await waitFor(() => expect(check.textContent).toContain('breaks at entry 17'));
    expect(check.getAttribute('role')).toBe('alert');
    await screen.findByRole('option', { name: 'Meera (Editor)' });
    choose('Person', 'meera');
    await waitFor(() => expect(asked()).toContain('/api/admin/activity?username=meera'));
    expect(within(screen.getByLabelText('What')).getByRole('option', { name: "Opening a person's details" })).toBeTruthy();
    choose('What', 'content');
    await waitFor(() => expect(asked()).toContain('/api/admin/activity?username=meera&kind=content'));
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true'));
    expect(asked().some((path) => path.includes('to=2026-01-01'))).toBe(false);
  });

  it('downloads the CSV with the bearer token and the same filters', async () => {
    const created: string[] = [];
    URL.createObjectURL = (() => {
      created.push('blob');
      return 'blob:x';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = () => undefined;
    await openPanel('/adminpanel?tab=activity');
    await screen.findByRole('option', { name: 'Meera (Editor)' });
    choose('Person', 'meera');
    await waitFor(() => expect(asked()).toContain('/api/admin/activity?username=meera'));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const csv = server().requests.find((r) => r.path.startsWith('/api/admin/activity.csv'))!;
    expect(csv.path).toBe('/api/admin/activity.csv?username=meera');
    expect(csv.headers.authorization).toBe('Bearer good');
  });

  it("puts security notices on an Owner's Overview", async () => {
    notices = [{ at: '2026-01-01T09:00:00Z', text: 'A new device signed in to the Owner account admin: Firefox on Windows, 198.51.100.7.' }];
    await openPanel();
    const box = await screen.findByTestId('security-notices');
    expect(box.textContent).toContain('Firefox on Windows');
    fireEvent.click(within(box).getByRole('button', { name: 'Open the activity record' }));
    await screen.findByRole('heading', { name: 'Activity', level: 2 });
  });
});
