interface Props {
  count: number;
  current: number;
  onSelect: (index: number) => void;
  /** Light dots on images and dark backgrounds, dark dots on light ones. */
  tone?: 'light' | 'dark';
  className?: string;
}

/** 'Go to slide N' buttons; the bar is small, the hit area is 44 x 44 px. */
export function Dots({ count, current, onSelect, tone = 'dark', className = '' }: Props) {
  const idle = tone === 'light' ? 'bg-ivory/50 group-hover:bg-ivory/80' : 'bg-stone-400 group-hover:bg-stone-600';
  const active = tone === 'light' ? 'bg-ivory' : 'bg-brass-600';
  return (
    <div role="group" aria-label="Slides" className={`flex items-center ${className}`}>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          aria-label={`Go to slide ${i + 1}`}
          aria-current={i === current ? 'true' : undefined}
          onClick={() => onSelect(i)}
          className="group grid size-11 place-items-center rounded-sm"
        >
          <span
            aria-hidden="true"
            className={`block h-0.5 rounded-full transition-all duration-300 ${i === current ? `w-7 ${active}` : `w-4 ${idle}`}`}
          />
        </button>
      ))}
    </div>
  );
}
