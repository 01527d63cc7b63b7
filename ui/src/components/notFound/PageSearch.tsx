import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { routesFor } from '../../app/routes';
import { useFounder } from '../../lib/content';

const MAX_MATCHES = 6;

/** A search of the public pages by title, for the not-found page. */
export function PageSearch() {
  const founder = useFounder();
  const id = useId();
  const [query, setQuery] = useState('');
  const pages = useMemo(
    () =>
      routesFor(founder.slug)
        .filter((route) => !route.admin && !route.path.includes(':'))
        .map((route) => ({
          path: route.path,
          title: route.page === 'founder' ? `${founder.name}, ${route.title}` : route.page === 'home' ? `Home: ${route.title}` : route.title,
        })),
    [founder],
  );
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = words.length === 0 ? [] : pages.filter((page) => words.every((word) => page.title.toLowerCase().includes(word)));
  return (
    <div role="search" className="mt-12 w-full max-w-md">
      <label htmlFor={id} className="text-sm font-semibold text-charcoal">
        Or find a page by its title
      </label>
      <div className="relative mt-2">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-stone-600" />
        <input
          id={id}
          type="search"
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
          placeholder="Kitchen, renovation, about..."
          autoComplete="off"
          className="h-12 w-full rounded-sm border border-stone-400 bg-white pr-4 pl-11 text-charcoal placeholder:text-stone-600 focus:border-charcoal focus:outline-none"
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {words.length === 0 ? '' : matches.length === 0 ? 'No page has that in its title.' : `${matches.length} ${matches.length === 1 ? 'page' : 'pages'} found.`}
      </p>
      {words.length > 0 && (
        <ul className="mt-3 divide-y divide-sand-200 rounded-sm border border-sand-200 bg-white">
          {matches.slice(0, MAX_MATCHES).map((page) => (
            <li key={page.path}>
              <Link to={page.path} className="flex min-h-11 items-center px-4 py-2 text-charcoal hover:text-brass-700">
                {page.title}
              </Link>
            </li>
          ))}
          {matches.length === 0 && <li className="px-4 py-3 text-stone-600">No page has that in its title.</li>}
        </ul>
      )}
    </div>
  );
}
