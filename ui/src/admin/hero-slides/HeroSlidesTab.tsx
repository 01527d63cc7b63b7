import { API, type AdminHeroSlide, type HeroSlidePayload } from '../api';
import { AddButton, byOrder, DeleteButton, EditButton, firstOrder, ItemCard, PAGE_SIZE, ShowMore } from '../editor/ItemCard';
import { clashAsDraft } from '../editor/RecordForm';
import { useEditor } from '../editor/useCollection';
import type { EditorWords } from '../editor/words';
import { HeroSlideForm } from './HeroSlideForm';
import { draftFromSlide, emptyDraft, payloadFromSlide, SLIDE_CLASH_LABELS } from './heroSlideForm';
import { Card, LoadError, Loading, TabHeading } from '../ui';
import { RecordHistory } from '../editor/HistoryPanel';

// SPEC §8's own words for slides.
const words: EditorWords = {
  created: 'Hero slide created successfully',
  createFailed: 'Failed to create slide',
  saved: 'Hero slide updated successfully',
  saveFailed: 'Failed to update slide',
  deleted: 'Hero slide deleted successfully',
  deleteFailed: 'Failed to delete slide',
  restored: 'Hero slide restored',
  reorderFailed: 'Failed to reorder slides',
};

export function HeroSlidesTab({ startCreating = false }: { startCreating?: boolean }) {
  const collection = useEditor<AdminHeroSlide, HeroSlidePayload>({
    path: API.heroSlides,
    words,
    payloadOf: payloadFromSlide,
    startCreating,
    pageSize: PAGE_SIZE,
  });
  const { form, setForm, query: slides } = collection;

  const list = slides.data ? [...slides.data].sort(byOrder) : [];
  return (
    <section aria-labelledby="hero-slides-heading">
      <TabHeading
        id="hero-slides-heading"
        title="Hero Slides"
        lead="The large pictures at the top of the home page. Only active slides are shown, lowest position first; a new slide starts first."
        action={
          form.mode === 'closed' && <AddButton label="Add Slide" onClick={() => setForm({ mode: 'create' })} />
        }
      />

      {form.mode !== 'closed' && (
        <HeroSlideForm
          key={form.mode === 'edit' ? form.item.id : 'new'}
          mode={form.mode}
          // A new slide goes first.
          initial={form.mode === 'edit' ? draftFromSlide(form.item) : { ...emptyDraft, order: String(firstOrder(slides.data)) }}
          onSave={async (payload, version) => clashAsDraft(await collection.save(payload, version), draftFromSlide)}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}

      <RecordHistory editor={collection} noun="slide" labels={SLIDE_CLASH_LABELS} />

      {slides.isPending ? (
        <Loading what="slides" />
      ) : slides.isError ? (
        <LoadError what="the slides" onRetry={() => void slides.refetch()} />
      ) : list.length === 0 ? (
        <Card>
          <p className="text-stone-600">No slides yet. The home page shows its built-in pictures until you add one.</p>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Slides">
          {list.map((slide) => (
            <li key={slide.id}>
              <ItemCard
                title={slide.title}
                active={slide.isActive}
                image={{ src: slide.imageUrl, alt: `Image of the slide ${slide.title}` }}
                actions={
                  <>
                    <EditButton name={`slide ${slide.title}`} onClick={() => setForm({ mode: 'edit', item: slide })} />
                    <DeleteButton name={`slide ${slide.title}`} busy={collection.busy === slide.id} onClick={() => collection.remove(slide)} />
                  </>
                }
              >
                {slide.subtitle && <p className="mt-1 text-sm text-stone-600">{slide.subtitle}</p>}
                <p className="mt-2 text-xs text-stone-600">{placeOf(slide, list)}</p>
              </ItemCard>
            </li>
          ))}
        </ul>
      )}
      <ShowMore more={collection.more} what="slides" />
    </section>
  );
}

/** Where a slide shows, in the owner's words: 'Slide 2 of 3 on the home page', or that it does not. */
export function placeOf(slide: AdminHeroSlide, list: readonly AdminHeroSlide[]): string {
  const shown = list.filter((s) => s.isActive);
  const at = shown.findIndex((s) => s.id === slide.id);
  return at < 0 ? 'Not on the home page (inactive)' : `Slide ${at + 1} of ${shown.length} on the home page`;
}
