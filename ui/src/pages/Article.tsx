import { Link } from 'react-router-dom';
import { DocumentTitle } from '../app/DocumentTitle';
import type { PageProps } from '../app/pageProps';
import { useOwnAddress } from '../app/useOwnAddress';
import { WithPageData } from '../app/WithPageData';
import { ArticleBody } from '../components/journal/ArticleBody';
import { TagList } from '../components/journal/ArticleCard';
import { Picture } from '../components/ui/Picture';
import { type ArticleCard, type ArticleView, articlePath, JOURNAL_PATH } from '../lib/journal';
import { formatDate, type PageData } from '../lib/site';
import NotFound from './NotFound';

/** `/news/{slug}`: one article whole. */
export default function Article({ routeKey }: PageProps) {
  return <WithPageData>{(data) => <ArticlePage data={data} routeKey={routeKey} />}</WithPageData>;
}

function ArticlePage({ data, routeKey }: { data: PageData; routeKey: string }) {
  const article = data.article;
  // A former address answers with the article: show it at its own.
  useOwnAddress(data, routeKey, article?.slug, articlePath);
  if (!article) return <NotFound />;
  return (
    <>
      <DocumentTitle title={article.title} />
      <Whole article={article} />
    </>
  );
}

function Whole({ article }: { article: ArticleView }) {
  return (
    <article className="pt-header">
      <header className="container-page max-w-4xl pt-10 sm:pt-14">
        <Link to={JOURNAL_PATH} className="inline-flex min-h-11 items-center text-sm font-semibold tracking-wide text-brass-700 hover:text-charcoal">
          ← Back to journal
        </Link>
        <p className="eyebrow mt-6">
          <time dateTime={article.date}>{formatDate(article.date)}</time>
        </p>
        <h1 className="mt-4 font-display text-4xl leading-[1.1] text-charcoal sm:text-5xl">{article.title}</h1>
        {article.author && <p className="mt-4 text-stone-600">By {article.author}</p>}
      </header>
      {article.cover && (
        <div className="container-page mt-8 max-w-5xl">
          <Picture
            src={article.cover.url}
            alt={article.cover.alt}
            sizes="(min-width: 1024px) 1024px, 100vw"
            width={1600}
            height={1067}
            priority
            className="w-full rounded-sm bg-sand-200"
          />
        </div>
      )}
      <div className="container-page mt-10 max-w-4xl pb-8">
        <ArticleBody blocks={article.body} />
        <TagList tags={article.tags} className="mt-10" />
        <p className="mt-12 border-t border-sand-200 pt-8">
          <Link to="/contact" className="btn btn-primary">
            Contact us about a project like this
          </Link>
        </p>
      </div>
      <nav aria-label="More articles" className="container-page max-w-4xl pb-20">
        <ul className="grid gap-4 sm:grid-cols-2">
          {article.previous && <Neighbour label="Previous article" article={article.previous} />}
          {article.next && <Neighbour label="Next article" article={article.next} className="sm:col-start-2 sm:text-right" />}
        </ul>
      </nav>
    </article>
  );
}

function Neighbour({ label, article, className = '' }: { label: string; article: ArticleCard; className?: string }) {
  return (
    <li className={className}>
      <Link to={articlePath(article.slug)} className="block min-h-11 border border-sand-200 p-4 hover:border-brass-500">
        <span className="block text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">{label}</span>
        <span className="mt-1 block font-display text-xl text-charcoal">{article.title}</span>
      </Link>
    </li>
  );
}
