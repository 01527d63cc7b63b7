import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { getToken } from './api';
import { openPanel, openTab, signedInApi, startPanelApi, toastText, type PanelState } from './testPanel';

// The frame: its tabs, the Overview's counts, a first look at two lists, logging out. Each screen's
// own tests sit beside it (hero-slides/, settings/, ...).
let state: PanelState;

const server = signedInApi(async () => {
  const api = await startPanelApi();
  state = api.state;
  return api.server;
});

describe('AdminPanel', () => {
  it("has SPEC's five keyboard-usable tabs then News, Testimonials, Visitors, Pages, Consultations, People, Activity and Account, Overview first with the four counts", async () => {
    await openPanel();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Hero Slides',
      'Portfolio',
      'Messages',
      'Settings',
      'News',
      'Testimonials',
      'Visitors',
      'Pages',
      'Consultations',
      'People',
      'Activity',
      'Account',
    ]);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]);

    const panel = screen.getByRole('tabpanel');
    await waitFor(() => {
      expect(within(panel).getAllByText('2')).toHaveLength(3);
      expect(within(panel).getByText('0')).toBeTruthy();
    });

    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Hero Slides' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Hero Slides' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Account' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Overview' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
  });

  it("says on the Overview why there is no sitemap until the site's address is set", async () => {
    await openPanel();
    const line = await screen.findByTestId('no-site-address');
    expect(line.textContent).toContain('Settings, Site address');
    expect(line.textContent).toContain('no sitemap');
    expect(line.textContent).toContain('link previews show no image');
    cleanup();
    state.siteAddress = { origin: 'https://studio.example', source: 'site_url' };
    await openPanel();
    await waitFor(() => expect(server().requests.filter((r) => r.path === '/api/admin/site-address')).toHaveLength(2));
    expect(screen.queryByTestId('no-site-address')).toBeNull();
  });

  it('lists projects with their state, and messages with a mailto link', async () => {
    state.messages = [
      { id: 1, name: 'Old Client', email: 'old@example.com', message: 'Earlier', createdAt: '2024-12-01T10:00:00Z' },
      { id: 2, name: 'Priya', email: 'priya@example.com', message: 'A new kitchen, please.', createdAt: '2024-12-15T10:00:00Z' },
    ];
    await openPanel('/adminpanel?tab=portfolio');
    const project = (await screen.findByRole('heading', { name: 'Old Work' })).closest('li')!;
    expect(project.textContent).toContain('Inactive');
    expect(project.textContent).toContain('Retired');

    openTab('Messages');
    const first = (await screen.findAllByRole('article'))[0]!;
    expect(first.textContent).toContain('A new kitchen, please.');
    expect(within(first).getByRole('link', { name: 'priya@example.com' }).getAttribute('href')).toBe('mailto:priya@example.com');
    expect(within(first).getByText((_, el) => el?.tagName === 'TIME').getAttribute('datetime')).toBe('2024-12-15T10:00:00.000Z');
  });

  it('says so when there are no messages', async () => {
    await openPanel('/adminpanel?tab=messages');
    await screen.findByText('No messages yet');
  });

  it('logs out: token gone, login page, toast', async () => {
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Login page' });
    expect(getToken()).toBeNull();
    expect(toastText()).toContain('Logged out');
  });
});
