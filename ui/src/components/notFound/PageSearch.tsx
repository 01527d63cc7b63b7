import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { routesFor } from '../../app/routes';
import { useFounder } from '../../lib/content';

const MAX_MATCHES = 6;

/** The query parameter the form sends without JavaScript; the server answers it (src/web/find.rs). */
export const FIND_PARAM = 'title';

/**
 * A search of the public pages by title, for the not-found page. Rendered by the server too: a plain
 * form whose Find asks the server (this address with `?title=`), and with JavaScript the matches show
 * as the visitor types.
 */
export function PageSearch() {
  const founder = useFounder();
  const id = useId();
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
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
    <form role="search" method="get" onSubmit={(event) => {
        event.preventDefault();
        if (matches[0]) navigate(matches[0].path);
      }} className="mt-12 w-full max-w-md">
      <label htmlFor={id} className="text-sm font-semibold text-charcoal">
        Or find a page by its title
      </label>
      <div className="mt-2 flex gap-2">
        <div className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-stone-600" />
          <input
            id={id}
            name={FIND_PARAM}
            type="search"
            value={query}
            onInput={(event) => setQuery(event.currentTarget.value)}
            placeholder="Kitchen, renovation, about..."
            autoComplete="off"
            className="h-12 w-full rounded-sm border border-stone-400 bg-white pr-4 pl-11 text-charcoal placeholder:text-stone-600 focus:border-charcoal focus:outline-none"
          />
        </div>
        <button type="submit" className="btn btn-outline h-12">
          Find
        </button>
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
    </form>
  );
}
