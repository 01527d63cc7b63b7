import { useQuery } from '@tanstack/react-query';
import { COUNTS_PATH, type InboxPage } from './inbox';

/** The inbox's counts (unread, inbox, spam), shared by the tab badge and the Overview. */
export function useInboxCounts() {
  return useQuery<InboxPage>({ queryKey: [COUNTS_PATH] });
}

/** The unread count beside the Messages tab's name ('Messages, 3 unread' to a screen reader). */
export function UnreadBadge() {
  const counts = useInboxCounts();
  const unread = counts.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    // relative: the screen-reader words are positioned inside the badge, never off the side of the page.
    <span className="relative ml-1 inline-flex min-w-6 items-center justify-center rounded-full bg-brass-700 px-1.5 text-xs font-semibold text-white">
      <span className="sr-only">, </span>
      {unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
