import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { API, apiRequest, type AdminHeroSlide, type HeroSlidePayload } from '../api';
import { toastFailure, toastSuccess } from '../feedback';
import { HeroSlideForm } from '../HeroSlideForm';
import { draftFromSlide, emptyDraft, payloadFromSlide } from '../heroSlideForm';
import { ActiveBadge, buttonStyles, Card, LoadError, Loading, TabHeading } from '../ui';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; slide: AdminHeroSlide };

const byOrder = (a: AdminHeroSlide, b: AdminHeroSlide) => a.order - b.order || a.id - b.id;

export function HeroSlidesTab({ startCreating = false }: { startCreating?: boolean }) {
  const queryClient = useQueryClient();
  const slides = useQuery<AdminHeroSlide[]>({ queryKey: [API.heroSlides] });
  const [form, setForm] = useState<FormState>(startCreating ? { mode: 'create' } : { mode: 'closed' });
  const [deleting, setDeleting] = useState<number | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: [API.heroSlides] });

  const create = async (payload: HeroSlidePayload, successTitle: string) => {
    try {
      await apiRequest<AdminHeroSlide>('POST', API.heroSlides, payload);
      toastSuccess(successTitle);
      return true;
    } catch (error) {
      toastFailure('Failed to create slide', error);
      return false;
    } finally {
      void reload();
    }
  };

  const save = async (payload: HeroSlidePayload) => {
    if (form.mode === 'create') {
      const saved = await create(payload, 'Hero slide created successfully');
      if (saved) setForm({ mode: 'closed' });
      return saved;
    }
    if (form.mode !== 'edit') return false;
    try {
      await apiRequest<AdminHeroSlide>('PUT', `${API.heroSlides}/${form.slide.id}`, payload);
      toastSuccess('Hero slide updated successfully');
      setForm({ mode: 'closed' });
      return true;
    } catch (error) {
      toastFailure('Failed to update slide', error);
      return false;
    } finally {
      void reload();
    }
  };

  // SPEC §2: delete acts at once, without asking; the toast's Undo creates the slide again.
  const remove = async (slide: AdminHeroSlide) => {
    setDeleting(slide.id);
    try {
      await apiRequest<null>('DELETE', `${API.heroSlides}/${slide.id}`);
      if (form.mode === 'edit' && form.slide.id === slide.id) setForm({ mode: 'closed' });
      const fields = payloadFromSlide(slide);
      toastSuccess('Hero slide deleted successfully', {
        label: 'Undo',
        onClick: () => void create(fields, 'Hero slide restored'),
      });
    } catch (error) {
      toastFailure('Failed to delete slide', error);
    } finally {
      setDeleting(null);
      void reload();
    }
  };

  const list = slides.data ? [...slides.data].sort(byOrder) : [];
  return (
    <section aria-labelledby="hero-slides-heading">
      <TabHeading
        id="hero-slides-heading"
        title="Hero Slides"
        lead="The large pictures at the top of the home page. Only active slides are shown, lowest order first."
        action={
          form.mode === 'closed' && (
            <button type="button" className="btn btn-primary" onClick={() => setForm({ mode: 'create' })}>
              <Plus aria-hidden="true" className="size-4" />
              Add Slide
            </button>
          )
        }
      />

      {form.mode !== 'closed' && (
        <HeroSlideForm
          key={form.mode === 'edit' ? form.slide.id : 'new'}
          mode={form.mode}
          initial={form.mode === 'edit' ? draftFromSlide(form.slide) : emptyDraft}
          onSave={save}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}

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
              <Card className="flex flex-col gap-4 sm:flex-row sm:items-center">
                <img
                  src={slide.imageUrl}
                  alt={`Image of the slide ${slide.title}`}
                  width={160}
                  height={90}
                  loading="lazy"
                  className="aspect-video w-full shrink-0 rounded-sm bg-sand object-cover sm:w-40"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 className="font-display text-2xl break-words">{slide.title}</h3>
                    <ActiveBadge active={slide.isActive} />
                  </div>
                  {slide.subtitle && <p className="mt-1 text-sm text-stone-600">{slide.subtitle}</p>}
                  <p className="mt-2 text-xs text-stone-600">Order: {slide.order}</p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <button
                    type="button"
                    className={buttonStyles.plain}
                    aria-label={`Edit slide ${slide.title}`}
                    onClick={() => setForm({ mode: 'edit', slide })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.danger}
                    aria-label={`Delete slide ${slide.title}`}
                    disabled={deleting === slide.id}
                    onClick={() => void remove(slide)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
