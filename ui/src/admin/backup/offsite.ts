// The off-site backups as `GET /api/admin/backups/offsite` gives them (src/offsite/mod.rs), and the
// words the Settings card and the Overview warning use for them.

export interface OffsiteCopy {
  name: string;
  size: number;
  /** When the snapshot was taken (RFC 3339, UTC). */
  at: string;
}

export interface OffsiteStatus {
  configured: boolean;
  lastSuccess: string | null;
  lastError: { at: string; message: string } | null;
  /** Newest first. */
  copies: OffsiteCopy[];
  /** No copy has got through for twice the snapshot interval. */
  overdue: boolean;
}

/** '512 KB', '3.4 MB', '1.20 GB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

/** 'just now', '5 minutes ago', '3 hours ago', '2 days ago'. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'} ago`;
  if (seconds < 3600) return unit(Math.floor(seconds / 60), 'minute');
  if (seconds < 86400) return unit(Math.floor(seconds / 3600), 'hour');
  return unit(Math.floor(seconds / 86400), 'day');
}

/** The error is newer than the last success: the copies are failing now, not in the past. */
export function isFailing(status: OffsiteStatus): boolean {
  if (!status.lastError) return false;
  if (!status.lastSuccess) return true;
  return Date.parse(status.lastError.at) > Date.parse(status.lastSuccess);
}

/** The Overview's warning, or undefined when off-site copies are fine (or not set up). */
export function overdueWarning(status: OffsiteStatus | undefined, now: number = Date.now()): string | undefined {
  if (!status?.configured || !status.overdue) return undefined;
  const since = status.lastSuccess ? `The last one got through ${timeAgo(status.lastSuccess, now)}.` : 'None has got through yet.';
  const why = status.lastError ? ` Last error: ${status.lastError.message}` : '';
  return `Off-site backups have stopped. ${since}${why}`;
}
