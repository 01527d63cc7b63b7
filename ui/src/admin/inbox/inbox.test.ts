import { describe, expect, it } from 'vitest';
import { COUNTS_PATH, folderOf, isRead, mailtoHref, pagePath, rangeText, replyHref } from './inbox';

describe('inbox helpers', () => {
  it('asks the server for one page, with the search only when there is one', () => {
    expect(pagePath({ folder: 'inbox', q: '', offset: 0 })).toBe('/api/contacts?folder=inbox&limit=50&offset=0');
    expect(pagePath({ folder: 'spam', q: ' kitchen remodel ', offset: 50 })).toBe(
      '/api/contacts?folder=spam&limit=50&offset=50&q=kitchen+remodel',
    );
    expect(COUNTS_PATH).toBe('/api/contacts?folder=inbox&limit=0');
  });

  it('replies with the studio in the subject line', () => {
    expect(replyHref({ email: 'asha+home@example.in' }, 'Nivasa Design Studio')).toBe(
      'mailto:asha%2Bhome@example.in?subject=Re%3A%20your%20message%20to%20Nivasa%20Design%20Studio',
    );
  });

  it('keeps a hostile address from adding recipients, headers or a body', () => {
    const hostile = 'x?bcc=spy%40evil.example&body=hello@gmail.com';
    expect(mailtoHref(hostile)).toBe('mailto:x%3Fbcc%3Dspy%2540evil.example%26body%3Dhello@gmail.com');
    const reply = replyHref({ email: hostile }, 'A&B ?=');
    expect(reply).toBe(
      'mailto:x%3Fbcc%3Dspy%2540evil.example%26body%3Dhello@gmail.com?subject=Re%3A%20your%20message%20to%20A%26B%20%3F%3D',
    );
    // One query, one field: the subject.
    expect(new URL(reply).searchParams.getAll('bcc')).toEqual([]);
    expect([...new URL(reply).searchParams.keys()]).toEqual(['subject']);
    expect(mailtoHref('a@b@c.in')).toBe('mailto:a%40b@c.in');
    expect(mailtoHref('meera@example.in')).toBe('mailto:meera@example.in');
  });

  it('treats messages from servers before the inbox as read inbox messages', () => {
    const old = { id: 1, name: 'A', email: 'a@b.in', message: 'm', createdAt: '2024-01-01T00:00:00Z' };
    expect(isRead(old)).toBe(true);
    expect(folderOf(old)).toBe('inbox');
    expect(isRead({ ...old, read: false })).toBe(false);
    expect(folderOf({ ...old, folder: 'spam' })).toBe('spam');
  });

  it('says which messages a page shows', () => {
    expect(rangeText({ offset: 50, total: 240 }, 50)).toBe('Showing 51–100 of 240');
    expect(rangeText({ offset: 0, total: 0 }, 0)).toBe('No messages');
  });
});
