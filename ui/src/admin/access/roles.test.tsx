import { cleanup, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { openPanel, signedInApi, startPanelApi, type PanelState } from '../testPanel';
import { can, phoneTabsFor, roleOf, ROLE_WORDS, tabsFor } from './roles';

describe('roles', () => {
  it('reads a missing role as an Owner (an older server) and an unknown one as seeing only', () => {
    expect(roleOf(undefined)).toBe('owner');
    expect(roleOf({})).toBe('owner');
    expect(roleOf({ role: 'editor' })).toBe('editor');
    expect(roleOf({ role: 'auditor' })).toBe('unknown');
    expect(tabsFor('unknown')).toEqual(['overview', 'slides', 'portfolio', 'news', 'testimonials', 'visitors', 'pages', 'account']);
    expect(can('unknown', 'content.edit')).toBe(false);
  });

  it('gives each role its sections', () => {
    expect(tabsFor('owner')).toHaveLength(13);
    expect(tabsFor('editor')).toEqual(['overview', 'slides', 'portfolio', 'news', 'testimonials', 'visitors', 'pages', 'account']);
    expect(tabsFor('enquiries')).toEqual(['overview', 'slides', 'portfolio', 'messages', 'news', 'testimonials', 'visitors', 'pages', 'consultations', 'account']);
    expect(phoneTabsFor('editor')).not.toContain('messages');
    expect(can('enquiries', 'content.edit')).toBe(false);
    expect(can('editor', 'enquiries')).toBe(false);
    expect(ROLE_WORDS.owner.description).toBe("Everything: people, settings, backups and the site's address");
  });
});

let state: PanelState;
const server = signedInApi(async () => {
  const api = await startPanelApi();
  state = api.state;
  return api.server;
});

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the panel by role', () => {
  it('shows an Owner every section, and an older server (no role) the same', async () => {
    await openPanel();
    expect(tabNames()).toEqual([
      'Overview', 'Hero Slides', 'Portfolio', 'Messages', 'Settings', 'News', 'Testimonials', 'Visitors', 'Pages', 'Consultations', 'People', 'Activity', 'Account',
    ]);
    cleanup();
    state.role = 'owner';
    await openPanel();
    expect(tabNames()).toContain('People');
  });

  it('shows an Editor the content and statistics: no Messages, Settings, People or Activity, and no messages count', async () => {
    state.role = 'editor';
    state.messages = [{ id: 1, name: 'Asha', email: 'a@example.com', message: 'Hi', createdAt: '2026-01-01T10:00:00Z', read: false }];
    await openPanel();
    expect(tabNames()).toEqual(['Overview', 'Hero Slides', 'Portfolio', 'News', 'Testimonials', 'Visitors', 'Pages', 'Account']);
    const panel = screen.getByRole('tabpanel');
    await within(panel).findByText('Portfolio projects');
    expect(within(panel).queryByText('Messages')).toBeNull();
    expect(within(panel).queryByText(/unread/)).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Read messages' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Edit company details' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Add a hero slide' })).toBeTruthy();
    // Nothing it may not read is even asked for.
    await waitFor(() => expect(server().requests.some((r) => r.path.startsWith('/api/admin/portfolio-projects'))).toBe(true));
    const asked = server().requests.map((r) => r.path);
    expect(asked.filter((path) => path.startsWith('/api/contacts') || path.startsWith('/api/admin/company-settings'))).toEqual([]);
  });

  it('a section the role lacks, asked for in the address, opens the Overview', async () => {
    state.role = 'editor';
    await openPanel('/adminpanel?tab=settings');
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows Enquiries the enquiries, and the content without Add, Edit, Delete or moves', async () => {
    state.role = 'enquiries';
    await openPanel('/adminpanel?tab=portfolio');
    expect(tabNames()).toEqual(['Overview', 'Hero Slides', 'Portfolio', 'Messages', 'News', 'Testimonials', 'Visitors', 'Pages', 'Consultations', 'Account']);
    await screen.findByRole('heading', { name: 'Modern Serenity' });
    expect(screen.getByTestId('read-only').textContent).toBe('Your role can view this but not change it.');
    expect(screen.queryByRole('button', { name: 'Add Project' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Publish|^Unpublish/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move .* up$/ })).toBeNull();
    screen.getByRole('button', { name: 'View Modern Serenity' }).click();
    const form = await screen.findByRole('form');
    expect(within(form).queryByRole('button', { name: /Save/ })).toBeNull();
    expect(within(form).getByTestId('read-only-bar').textContent).toContain('view this but not change it');
    expect(within(form).getByLabelText(/^Title/).closest('fieldset[disabled]')).not.toBeNull();
  });

  it('keeps the Owner able to change the content', async () => {
    await openPanel('/adminpanel?tab=portfolio');
    await screen.findByRole('heading', { name: 'Modern Serenity' });
    expect(screen.queryByTestId('read-only')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Project' })).toBeTruthy();
  });
});
