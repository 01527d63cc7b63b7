import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { API } from '../api';
import { formatWhen } from '../editor/HistoryPanel';
import { buttonStyles } from '../ui';

export interface SecurityNotice {
  at: string;
  text: string;
}

/**
 * The Overview's security notices for an Owner (the last 30 days): a sign-in to an Owner account from
 * a new device, ten failed sign-ins for one name within an hour, a role change. Nothing when none.
 */
export function SecurityNotices({ onOpen }: { onOpen: () => void }) {
  const notices = useQuery<SecurityNotice[]>({ queryKey: [API.securityNotices], staleTime: 0 });
  if (!notices.isSuccess || notices.data.length === 0) return null;
  return (
    <section aria-labelledby="security-notices" className="mb-6 rounded-sm border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="security-notices">
      <h3 id="security-notices" className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
        Security notices (last 30 days)
      </h3>
      <ul className="mt-2 grid gap-2">
        {notices.data.slice(0, 5).map((notice) => (
          <li key={`${notice.at}-${notice.text}`} className="break-words">
            {notice.text} <time dateTime={notice.at} className="text-amber-900">({formatWhen(notice.at)})</time>
          </li>
        ))}
      </ul>
      {notices.data.length > 5 && <p className="mt-2">And {notices.data.length - 5} more.</p>}
      <button type="button" className={`${buttonStyles.plain} mt-3`} onClick={onOpen}>
        Open the activity record
      </button>
    </section>
  );
}
