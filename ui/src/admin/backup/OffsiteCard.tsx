import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudUpload, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { API, apiRequest } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { buttonStyles } from '../ui';
import { formatSize, isFailing, overdueWarning, timeAgo, type OffsiteCopy, type OffsiteStatus } from './offsite';

/** Copies listed in the card; the rest are counted. */
const SHOWN = 5;

/** Settings > Backup: the encrypted copies in off-site storage, and Back up now. */
export function OffsiteSection() {
  const queryClient = useQueryClient();
  const status = useQuery<OffsiteStatus>({ queryKey: [API.offsite] });
  const [busy, setBusy] = useState(false);

  const backUpNow = async () => {
    setBusy(true);
    try {
      const copy = await apiRequest<OffsiteCopy>('POST', API.offsite);
      toastSuccess(`Off-site copy ${copy.name} is safe`);
    } catch (error) {
      toastFailure('Off-site backup failed', error);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [API.offsite] });
    }
  };

  if (!status.isSuccess) return null;
  const s = status.data;
  if (!s.configured) {
    return (
      <p className="mt-6 max-w-2xl text-sm text-stone-600" data-testid="offsite-off">
        Copies kept in another place are off: if the machine that runs the site is lost, only the backups you download are
        safe. Your host can turn them on (see "For your host" below).
      </p>
    );
  }
  const failing = isFailing(s);
  return (
    <div className="mt-6 border-t border-sand-200 pt-6" data-testid="offsite">
      <h4 className="font-semibold">Off-site copies</h4>
      <p className="mt-1 text-sm text-stone-600" data-testid="offsite-last-success">
        {s.lastSuccess ? `Last copy made ${timeAgo(s.lastSuccess)} (${new Date(s.lastSuccess).toLocaleString()}).` : 'No copy has got through yet.'}
      </p>
      {s.lastError && (
        <p
          role={failing ? 'alert' : undefined}
          className={`mt-1 text-sm ${failing ? 'font-semibold text-red-700' : 'text-stone-600'}`}
          data-testid="offsite-last-error"
        >
          {failing ? 'Last attempt failed' : 'An earlier attempt failed'} {timeAgo(s.lastError.at)}: {s.lastError.message}
        </p>
      )}
      {s.copies.length > 0 ? (
        <ul className="mt-3 divide-y divide-sand-200 text-sm" aria-label="Off-site copies">
          {s.copies.slice(0, SHOWN).map((c) => (
            <li key={c.name} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-mono break-all">{c.name}</span>
              <span className="text-stone-600">
                {formatSize(c.size)} · {new Date(c.at).toLocaleString()}
              </span>
            </li>
          ))}
          {s.copies.length > SHOWN && <li className="py-2 text-stone-600">and {s.copies.length - SHOWN} older</li>}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-stone-600">No copies in the storage yet.</p>
      )}
      <button type="button" className={`${buttonStyles.plain} mt-4`} disabled={busy} onClick={() => void backUpNow()}>
        <CloudUpload aria-hidden="true" className="size-4" />
        {busy ? 'Sending…' : 'Back up now'}
      </button>
    </div>
  );
}

/** The Overview's warning when no copy has got through for twice the snapshot interval. */
export function OffsiteWarning({ onOpen }: { onOpen: () => void }) {
  const status = useQuery<OffsiteStatus>({ queryKey: [API.offsite] });
  const warning = overdueWarning(status.data);
  if (!warning) return null;
  return (
    <div role="alert" className="mb-6 rounded-sm border border-red-300 bg-red-50 p-4 text-sm text-red-800" data-testid="offsite-warning">
      <p className="flex items-start gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {warning}
      </p>
      <button type="button" className="mt-2 underline" onClick={onOpen}>
        Open the backup settings
      </button>
    </div>
  );
}
