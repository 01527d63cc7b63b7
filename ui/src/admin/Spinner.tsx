/** A centred busy indicator with a spoken label. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="grid min-h-[50vh] place-items-center gap-4 py-16 text-stone-600">
      <div className="grid justify-items-center gap-4">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-2 border-sand-200 border-t-brass-600 motion-reduce:animate-none"
        />
        <span className="text-sm">{label}</span>
      </div>
    </div>
  );
}
