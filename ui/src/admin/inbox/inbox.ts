// The inbox's calls and small pure helpers: list paths with paging and search, the counts, the
// Reply link. The list is paged on the server so that 10,000 messages open as fast as ten.
import type { QueryClient } from '@tanstack/react-query';
import { API, type ContactMessage } from '../api';

export type Folder = 'inbox' | 'spam';

/** Messages per page. */
export const PAGE_SIZE = 50;

/** GET /api/contacts with paging asked for: one page and the counts. */
export interface InboxPage {
  messages: ContactMessage[];
  /** Messages matching the folder and search, across all pages. */
  total: number;
  offset: number;
  limit: number;
  /** Unread messages in the inbox. */
  unread: number;
  inbox: number;
  spam: number;
  /** Inbox messages per lead stage. */
  stages?: Record<string, number>;
}

export function pagePath({
  folder,
  q,
  offset,
  stage = '',
  byFollowUp = false,
}: {
  folder: Folder;
  q: string;
  offset: number;
  stage?: string;
  byFollowUp?: boolean;
}): string {
  const params = new URLSearchParams({ folder, limit: String(PAGE_SIZE), offset: String(offset) });
  if (q.trim()) params.set('q', q.trim());
  if (stage) params.set('stage', stage);
  if (byFollowUp) params.set('sort', 'followUp');
  return `${API.contacts}?${params}`;
}

/** Only the counts (no messages): the tab's badge and the Overview. */
export const COUNTS_PATH = `${API.contacts}?folder=inbox&limit=0`;

export const messagePath = (id: number) => `${API.contacts}/${id}`;

export const isRead = (message: ContactMessage) => message.read !== false;
export const folderOf = (message: ContactMessage): Folder => message.folder ?? 'inbox';

/** Every cached list and count of messages is out of date after a change. */
export function reloadMessages(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(API.contacts),
  });
}

/**
 * A mailto: link to `address`. Both sides of its last `@` and the subject are percent-encoded, so
 * nothing a visitor typed can add a recipient, a header or a body (`?`, `&`, `=`, `%` stay text).
 * The server refuses such addresses too; this is the second lock.
 */
export function mailtoHref(address: string, subject?: string): string {
  const at = address.lastIndexOf('@');
  const to =
    at < 0
      ? encodeURIComponent(address)
      : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
  return subject === undefined ? `mailto:${to}` : `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}

/** A mailto: answering the visitor, with the studio's subject line. */
export function replyHref(message: Pick<ContactMessage, 'email'>, studioName: string): string {
  return mailtoHref(message.email, `Re: your message to ${studioName}`);
}

/** 'Showing 51–100 of 240' style range text. */
export function rangeText(page: Pick<InboxPage, 'offset' | 'total'>, shown: number): string {
  if (page.total === 0 || shown === 0) return 'No messages';
  return `Showing ${page.offset + 1}–${page.offset + shown} of ${page.total}`;
}
