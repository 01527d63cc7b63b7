import { Link } from 'react-router-dom';
import { articlePath, type ArticleCard as Card, journalHref, tagSlug } from '../../lib/journal';
import { formatDate } from '../../lib/site';
import { Picture } from '../ui/Picture';

/** A card's width at each breakpoint: one, two or three to a row. */
const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** One article in the journal's list: cover, date, title (the link), excerpt and tags. */
export function ArticleCard({ article, eager = false }: { article: Card; eager?: boolean }) {
  return (
    <article className="group relative flex flex-col">
      {article.cover && (
        <div className="relative aspect-[4/3] overflow-hidden rounded-sm bg-sand-200">
          <Picture
            src={article.cover.url}
            alt={article.cover.alt}
            sizes={CARD_SIZES}
            width={1200}
            height={900}
            priority={eager}
            className="size-full object-cover transition-transform duration-700 ease-calm group-hover:scale-105"
          />
        </div>
      )}
      <time dateTime={article.date} className="eyebrow mt-5">
        {formatDate(article.date)}
      </time>
      <h2 className="mt-3 font-display text-2xl leading-tight text-charcoal sm:text-3xl">
        {/* The link covers the card (::after); the tags below sit above it. */}
        <Link to={articlePath(article.slug)} className="after:absolute after:inset-0 after:content-['']">
          {article.title}
        </Link>
      </h2>
      {article.excerpt && <p className="mt-3 leading-relaxed text-stone-600">{article.excerpt}</p>}
      <TagList tags={article.tags} className="relative z-10 mt-4" />
    </article>
  );
}

/** An article's tags, each a link to the journal's list under it. */
export function TagList({ tags, className = '' }: { tags: string[]; className?: string }) {
  const shown = tags.filter((t) => tagSlug(t));
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {shown.map((tag) => (
        <li key={tag}>
          <Link
            to={journalHref(tagSlug(tag))}
            className="inline-flex min-h-11 items-center rounded-full border border-sand-300 px-4 text-sm text-stone-700 hover:border-brass-500 hover:text-charcoal"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
