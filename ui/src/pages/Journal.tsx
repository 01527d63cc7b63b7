import { Link } from 'react-router-dom';
import { DocumentTitle } from '../app/DocumentTitle';
import { WithPageData } from '../app/WithPageData';
import { ArticleCard } from '../components/journal/ArticleCard';
import { type JournalView, journalHref } from '../lib/journal';
import type { PageData } from '../lib/site';

/** `/news`: the journal's list, newest first, twelve a page, filtered by tag. */
export default function Journal() {
  return <WithPageData>{(data) => <JournalPage data={data} />}</WithPageData>;
}

const EMPTY: JournalView = { items: [], page: 1, pages: 1, total: 0, tags: [] };

function JournalPage({ data }: { data: PageData }) {
  const view = data.journal ?? EMPTY;
  const tag = view.tag;
  return (
    <div className="pt-header">
      {tag && <DocumentTitle title={`Journal: ${tag.name}`} />}
      <section aria-labelledby="journal-title" className="container-page pt-12 pb-8 sm:pt-16">
        <p className="eyebrow">News &amp; Thoughts</p>
        <h1 id="journal-title" className="mt-4 font-display text-4xl leading-tight text-charcoal sm:text-5xl">
          Journal{tag ? `: ${tag.name}` : ''}
        </h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-stone-600">
          Projects, before-and-afters, materials and ideas from the studio.
        </p>
        {view.tags.length > 0 && (
          <nav aria-label="Topics" className="mt-8">
            <ul className="flex flex-wrap gap-2">
              <li>
                <TagLink href={journalHref(undefined)} current={!tag && !view.unknownTag} label="All" />
              </li>
              {view.tags.map((t) => (
                <li key={t.slug}>
                  <TagLink href={journalHref(t.slug)} current={tag?.slug === t.slug} label={t.name} />
                </li>
              ))}
            </ul>
          </nav>
        )}
      </section>
      <section aria-label="Articles" className="container-page pb-20">
        {view.unknownTag ? (
          <p className="text-lg text-stone-600">
            No article has that topic. {view.tags.length > 0 ? 'Choose one of the topics above, or ' : ''}
            <Link to={journalHref(undefined)} className="underline underline-offset-4 hover:text-brass-700">
              read every article
            </Link>
            .
          </p>
        ) : view.items.length === 0 ? (
          <p className="text-lg text-stone-600">No articles here yet.</p>
        ) : (
          <ul className="grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3">
            {view.items.map((article, i) => (
              <li key={article.id} className="flex">
                <ArticleCard article={article} eager={i === 0} />
              </li>
            ))}
          </ul>
        )}
        {view.pages > 1 && (
          <nav aria-label="Journal pages" className="mt-14 flex flex-col items-center gap-4 sm:flex-row sm:justify-center">
            <p className="text-sm text-stone-600 sm:order-2">
              Page {view.page} of {view.pages}
            </p>
            {view.page > 1 && (
              <Link to={journalHref(tag?.slug, view.page - 1)} rel="prev" className="btn btn-outline sm:order-1">
                Newer<span className="sr-only"> articles</span>
              </Link>
            )}
            {view.page < view.pages && (
              <Link to={journalHref(tag?.slug, view.page + 1)} rel="next" className="btn btn-outline sm:order-3">
                Older<span className="sr-only"> articles</span>
              </Link>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}

function TagLink({ href, current, label }: { href: string; current: boolean; label: string }) {
  return (
    <Link
      to={href}
      aria-current={current ? 'page' : undefined}
      className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm ${
        current ? 'border-charcoal bg-charcoal text-ivory' : 'border-sand-300 text-stone-700 hover:border-brass-500'
      }`}
    >
      {label}
    </Link>
  );
}
