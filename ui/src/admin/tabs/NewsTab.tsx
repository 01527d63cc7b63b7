import { formatDate } from '../../lib/site';
import { API, type AdminNewsItem, type NewsPayload } from '../api';
import { CheckboxField, TextField } from '../editor/fields';
import { clashAsDraft, EditorForm, useDraft, type SaveResult } from '../editor/RecordForm';
import { AddButton, DeleteButton, EditButton, ItemCard, ListState } from '../editor/ItemCard';
import { useEditor } from '../editor/useCollection';
import { wordsFor } from '../editor/words';
import { TabHeading } from '../ui';
import { RecordHistory } from '../editor/HistoryPanel';

const words = wordsFor('News item');

const today = () => new Date().toISOString().slice(0, 10);

const payloadOf = ({ date, title, content, isActive }: AdminNewsItem): NewsPayload => ({ date, title, content, isActive });

/** Newest first, as the home page's carousel shows them. */
export const newestFirst = (a: AdminNewsItem, b: AdminNewsItem) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id);

export function newsProblems(draft: NewsPayload): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.title.trim()) problems.Title = 'Give the item a title.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) problems.Date = 'Choose the date.';
  if (!draft.content.trim()) problems.Text = 'Write the news.';
  return problems;
}

const LABELS = { title: 'Title', date: 'Date', content: 'Text' };
const CLASH_LABELS: Record<string, string> = { ...LABELS, isActive: 'Active' };

function NewsForm({
  mode,
  initial,
  onSave,
  onCancel,
}: {
  mode: 'create' | 'edit';
  initial: NewsPayload;
  onSave: (payload: NewsPayload, version?: number) => Promise<SaveResult<NewsPayload>>;
  onCancel: () => void;
}) {
  const { draft, set, errorOf, submit, attempt, dirty, clashPanel } = useDraft(initial, newsProblems, LABELS);
  const payload = { ...draft, title: draft.title.trim(), content: draft.content.trim() };
  return (
    <EditorForm
      heading={mode === 'create' ? 'New News Item' : 'Edit News Item'}
      submitLabel={mode === 'create' ? 'Create News Item' : 'Save Changes'}
      onSubmit={() => submit((version) => onSave(payload, version), words.saveFailed)}
      onCancel={onCancel}
      dirty={dirty}
      attempt={attempt}
      clash={clashPanel(CLASH_LABELS)}
    >
      <TextField label="Title" required value={draft.title} onChange={set('title')} error={errorOf('Title')} />
      <TextField label="Date" type="date" required value={draft.date} onChange={set('date')} error={errorOf('Date')} />
      <TextField label="Text" rows={5} required value={draft.content} onChange={set('content')} error={errorOf('Text')} className="md:col-span-2" />
      <CheckboxField label="Active (shown on the home page)" checked={draft.isActive} onChange={set('isActive')} />
    </EditorForm>
  );
}

export function NewsTab() {
  const news = useEditor<AdminNewsItem, NewsPayload>({ path: API.news, words, payloadOf });
  const { form, setForm } = news;

  return (
    <section aria-labelledby="news-heading">
      <TabHeading
        id="news-heading"
        title="News"
        lead="The 'News & Thoughts' carousel of the home page. Active items are shown, newest first."
        action={
          form.mode === 'closed' && <AddButton label="Add News Item" onClick={() => setForm({ mode: 'create' })} />
        }
      />
      {form.mode !== 'closed' && (
        <NewsForm
          key={form.mode === 'edit' ? form.item.id : 'new'}
          mode={form.mode}
          initial={form.mode === 'edit' ? payloadOf(form.item) : { date: today(), title: '', content: '', isActive: true }}
          onSave={async (payload, version) => clashAsDraft(await news.save(payload, version), payloadOf)}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}
      <RecordHistory editor={news} noun="news item" labels={CLASH_LABELS} />

      <ListState query={news.query} what="news" empty="No news yet. The home page hides its news section until you add one.">
        {(data) => (
          <ul className="grid gap-4" aria-label="News items">
            {[...data].sort(newestFirst).map((item) => (
              <li key={item.id}>
                <ItemCard
                  title={item.title}
                  active={item.isActive}
                  actions={
                    <>
                      <EditButton name={item.title} onClick={() => setForm({ mode: 'edit', item })} />
                      <DeleteButton
                        name={item.title}
                        busy={news.busy === item.id}
                        onClick={() => news.remove(item)}
                      />
                    </>
                  }
                >
                  <p className="mt-1 text-xs font-semibold tracking-wide text-stone-600">
                    <time dateTime={item.date}>{formatDate(item.date)}</time>
                  </p>
                  <p className="mt-1 line-clamp-2 text-sm text-stone-600">{item.content}</p>
                </ItemCard>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
