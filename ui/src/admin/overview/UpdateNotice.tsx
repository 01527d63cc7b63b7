import { useQuery } from '@tanstack/react-query';
import { CircleArrowUp } from 'lucide-react';

/** What `GET /api/admin/release` answers (src/api/release.rs). */
export type ReleaseInfo = {
  installed: string;
  available: { version: string; date: string; notes: string } | null;
  howToUpdate: string;
};

/** "Version 0.x.y is available", its notes and how the host updates; nothing when up to date. */
export function UpdateNotice() {
  const release = useQuery<ReleaseInfo>({ queryKey: ['/api/admin/release'] });
  const available = release.data?.available;
  if (!available) return null;
  return (
    <div className="mb-6 rounded-sm border border-brass-300 bg-sand p-4 text-sm text-stone-700" data-testid="update-notice">
      <p className="flex items-start gap-2 font-semibold text-stone-900">
        <CircleArrowUp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
        Version {available.version} is available (this site runs {release.data?.installed}).
      </p>
      {available.notes.trim() && <p className="mt-2 whitespace-pre-line">{available.notes}</p>}
      <p className="mt-2 text-stone-600">{release.data?.howToUpdate}</p>
    </div>
  );
}
