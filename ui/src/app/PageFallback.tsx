/** Shown while a page chunk loads; tall enough that the footer does not flash up under the header. */
export function PageFallback() {
  return <div className="min-h-screen" aria-busy="true" />;
}
