export const MAIN_ID = 'main';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-sm focus:bg-ivory focus:px-4 focus:py-2 focus:text-charcoal focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}
