// Class lists shared by the login page and the panel. Plain strings with no imports on purpose: a
// module both admin chunks share must not import from the entry chunk, or the bundler splits the
// entry's own dependencies (Preact) into an extra chunk that every visitor then loads. The admin's
// stylesheet comes with it, so that both admin chunks wait for it (Vite loads a chunk's CSS first).

import './admin.css';

export const inputClass =
  'block min-h-11 w-full min-w-0 rounded-sm border border-stone-400 bg-white px-3 py-2.5 text-base text-charcoal placeholder:text-stone-500 focus-visible:border-brass-600 aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700';

export const labelClass = 'block text-sm font-semibold text-charcoal';

const smallButtonClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-sm border px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  plain: `${smallButtonClass} border-stone-400 bg-white text-charcoal hover:border-charcoal hover:bg-charcoal hover:text-ivory`,
  primary: `${smallButtonClass} border-brass-600 bg-brass-600 text-white hover:border-charcoal hover:bg-charcoal`,
  danger: `${smallButtonClass} border-red-800 bg-white text-red-800 hover:bg-red-800 hover:text-white`,
} as const;
