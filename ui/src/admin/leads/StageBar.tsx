import { useQuery } from '@tanstack/react-query';
import { buttonStyles } from '../ui';
import { type LeadSettings, SETTINGS_PATH } from './leads';

/** The Messages tab's stage filter, with a count per stage, and the sort by next follow-up. */
export function StageBar({
  counts,
  stage,
  onStage,
  byFollowUp,
  onSort,
}: {
  counts: Record<string, number> | undefined;
  stage: string;
  onStage: (stage: string) => void;
  byFollowUp: boolean;
  onSort: (byFollowUp: boolean) => void;
}) {
  const settings = useQuery<LeadSettings>({ queryKey: [SETTINGS_PATH] });
  const stages = settings.data?.stages ?? [];
  return (
    <div className="mb-6 grid min-w-0 grid-cols-1 gap-3">
      <div role="group" aria-label="Stages" className="flex min-w-0 gap-2 overflow-x-auto pb-1">
        <button
          type="button"
          aria-pressed={stage === ''}
          className={`${stage === '' ? buttonStyles.primary : buttonStyles.plain} shrink-0 whitespace-nowrap`}
          onClick={() => onStage('')}
        >
          All stages
        </button>
        {stages.map((s) => (
          <button
            key={s.key}
            type="button"
            aria-pressed={stage === s.key}
            className={`${stage === s.key ? buttonStyles.primary : buttonStyles.plain} shrink-0 whitespace-nowrap`}
            onClick={() => onStage(s.key)}
          >
            {s.label}
            <span className="font-normal"> ({counts?.[s.key] ?? 0})</span>
          </button>
        ))}
      </div>
      {/* The whole row is the tap target (44 px tall), and the box is big enough to see. */}
      <label className="flex min-h-11 items-center gap-3 self-start text-sm text-charcoal">
        <input type="checkbox" checked={byFollowUp} onChange={(event) => onSort(event.currentTarget.checked)} className="size-6 shrink-0 accent-brass-600" />
        Next follow-up first
      </label>
    </div>
  );
}
