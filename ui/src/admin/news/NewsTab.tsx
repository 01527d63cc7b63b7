// The News tab: the journal's articles, newest first, each with where it stands for visitors
// (Draft / Scheduled for … / Published / Not on the site), and the article editor.
import { useQuery } from '@tanstack/react-query';
import { useAccess } from '../access/access';
import { ExternalLink, Eye } from 'lucide-react';
import { API, apiRequest } from '../api';
import { RecordHistory } from '../editor/HistoryPanel';
import { AddButton, DeleteButton, EditButton, IfCanChange, ItemCard, ListState, PAGE_SIZE, ShowMore } from '../editor/ItemCard';
import { clashAsDraft } from '../editor/RecordForm';
import { useEditor } from '../editor/useCollection';
import { wordsFor } from '../editor/words';
import { toastFailure } from '../feedback';
import { formatDate } from '../../lib/site';
import { buttonStyles, LoadError, Loading, TabHeading } from '../ui';
import { ArticleForm } from './ArticleForm';
import {
  draftFromArticle,
  emptyArticleDraft,
  newestFirst,
  payloadFromArticle,
  statusWords,
  tagsInUse,
  type AdminArticle,
  type ArticlePayload,
} from './article';

const words = wordsFor('News item');

/** Where the studio's time zone is kept: the consultation settings (src/bookings). */
export const ZONE_PATH = '/api/admin/consultation-settings';
/** The studio's zone when its settings cannot be read (the bookings' default). */
export const DEFAULT_ZONE = 'Asia/Kolkata';

/** The article's fields as History names them. */
const HISTORY_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Web address',
  date: 'Date',
  cover: 'Cover photo',
  excerpt: 'Excerpt',
  tags: 'Tags',
  content: 'Text of the article',
  body: 'Blocks of the article',
  status: 'Publishing',
  publishAt: 'Publish time',
  isActive: 'On the site',
};

/** Opens an article as visitors will see it, through a link the server signs for an hour. */
async function openPreview(id: number) {
  // Opened before the call, so that the browser counts it as the click's own window.
  const tab = window.open('', '_blank');
  try {
    const { url } = await apiRequest<{ url: string }>('POST', `${API.news}/${id}/preview`);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    toastFailure('Failed to open the preview', error);
  }
}

export function NewsTab() {
  const news = useEditor<AdminArticle, ArticlePayload>({
    path: API.news,
    words,
    payloadOf: payloadFromArticle,
    // A weekly journal has hundreds of articles: a page of them, newest first as the server lists them.
    pageSize: PAGE_SIZE,
  });
  // The studio's clock is the consultations' time zone; a role without consultations (an Editor) is
  // not asked for their settings and schedules on the default zone.
  const mayReadZone = useAccess().can('enquiries');
  const settings = useQuery<{ timeZone?: string }>({ queryKey: [ZONE_PATH], enabled: mayReadZone });
  const zone = settings.data?.timeZone || DEFAULT_ZONE;
  const { form, setForm } = news;
  const tags = tagsInUse(news.query.data ?? []);

  return (
    <section aria-labelledby="news-heading">
      <TabHeading
        id="news-heading"
        title="News"
        lead="The journal: articles with pages of their own, on /news, the home page's 'News & Thoughts' and the feed. Newest first."
        action={form.mode === 'closed' && <AddButton label="Add News Item" onClick={() => setForm({ mode: 'create' })} />}
      />
      {form.mode !== 'closed' &&
        // A schedule's day and time are on the studio's clocks: the form waits for its zone.
        (settings.isPending ? (
          <Loading what="the studio's time zone" />
        ) : (
          <ArticleForm
            key={form.mode === 'edit' ? form.item.id : 'new'}
            mode={form.mode}
            zone={zone}
            tagsInUse={tags}
            initial={form.mode === 'edit' ? draftFromArticle(form.item, zone) : emptyArticleDraft()}
            onSave={async (payload, version) => clashAsDraft(await news.save(payload, version), (item) => draftFromArticle(item, zone))}
            onCancel={() => setForm({ mode: 'closed' })}
            onPreview={form.mode === 'edit' ? () => void openPreview(form.item.id) : undefined}
          />
        ))}
      <RecordHistory editor={news} noun="news item" labels={HISTORY_LABELS} />

      <ListState query={news.query} what="news" empty="No news yet. The home page hides its news section until you add one.">
        {(data) => (
          <ul className="grid gap-4" aria-label="News items">
            {[...data].sort(newestFirst).map((item) => {
              const status = statusWords(item, zone);
              return (
                <li key={item.id}>
                  <ItemCard
                    title={item.title}
                    active={status.live}
                    badge={<StatusBadge text={status.text} live={status.live} />}
                    image={item.cover?.url ? { src: item.cover.url, alt: item.cover.alt } : undefined}
                    actions={
                      <>
                        <EditButton name={item.title} onClick={() => setForm({ mode: 'edit', item })} />
                        {status.live && item.slug ? (
                          <a href={`/news/${item.slug}`} target="_blank" rel="noopener" className={buttonStyles.plain}>
                            <ExternalLink aria-hidden="true" className="size-4" />
                            View on site<span className="sr-only">: {item.title} (opens in a new tab)</span>
                          </a>
                        ) : (
                          <IfCanChange>
                            <button type="button" className={buttonStyles.plain} onClick={() => void openPreview(item.id)}>
                              <Eye aria-hidden="true" className="size-4" />
                              Preview<span className="sr-only">: {item.title} (opens in a new tab)</span>
                            </button>
                          </IfCanChange>
                        )}
                        <DeleteButton name={item.title} busy={news.busy === item.id} onClick={() => news.remove(item)} />
                      </>
                    }
                  >
                    <p className="mt-1 text-xs font-semibold tracking-wide text-stone-600">
                      <time dateTime={item.date}>{formatDate(item.date)}</time>
                      {item.tags && item.tags.length > 0 && <span> · {item.tags.join(', ')}</span>}
                    </p>
                    <p className="mt-1 line-clamp-2 text-sm text-stone-600">{item.excerpt || item.content}</p>
                  </ItemCard>
                </li>
              );
            })}
          </ul>
        )}
      </ListState>
      <ShowMore more={news.more} what="news items" />
      {settings.isError && <LoadError what={`the studio's time zone (times are shown in ${DEFAULT_ZONE})`} onRetry={() => void settings.refetch()} />}
    </section>
  );
}

function StatusBadge({ text, live }: { text: string; live: boolean }) {
  return (
    <span
      data-testid="article-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${live ? 'bg-emerald-100 text-emerald-900' : 'bg-sand text-stone-700'}`}
    >
      {text}
    </span>
  );
}
