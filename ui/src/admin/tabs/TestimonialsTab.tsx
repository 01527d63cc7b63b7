import { API, type AdminTestimonial, type TestimonialPayload } from '../api';
import { CheckboxField, EditorForm, TextField, useDraft } from '../editor/fields';
import { AddButton, byOrder, DeleteButton, EditButton, ItemCard, ListState } from '../editor/ItemCard';
import { SortableList } from '../editor/SortableList';
import { useEditor } from '../editor/useCollection';
import { wordsFor } from '../editor/words';
import { TabHeading } from '../ui';
import { RecordHistory } from '../editor/HistoryPanel';

const words = wordsFor('Testimonial');

const payloadOf = ({ quote, name, role, isActive, order }: AdminTestimonial): TestimonialPayload => ({ quote, name, role, isActive, order });

export function missingTestimonialFields(draft: TestimonialPayload): string[] {
  const missing: string[] = [];
  if (!draft.quote.trim()) missing.push('Quote');
  if (!draft.name.trim()) missing.push('Name');
  return missing;
}

function TestimonialForm({
  mode,
  initial,
  onSave,
  onCancel,
}: {
  mode: 'create' | 'edit';
  initial: TestimonialPayload;
  onSave: (payload: TestimonialPayload) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { draft, set, invalid, check } = useDraft(initial, missingTestimonialFields);
  const submit = () =>
    check() &&
    onSave({ ...draft, quote: draft.quote.trim(), name: draft.name.trim(), role: draft.role.trim() });
  return (
    <EditorForm
      heading={mode === 'create' ? 'New Testimonial' : 'Edit Testimonial'}
      submitLabel={mode === 'create' ? 'Create Testimonial' : 'Save Changes'}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField label="Quote" rows={4} required value={draft.quote} onChange={set('quote')} invalid={invalid.includes('Quote')} className="md:col-span-2" />
      <TextField label="Name" required value={draft.name} onChange={set('name')} invalid={invalid.includes('Name')} />
      <TextField label="Role" value={draft.role} onChange={set('role')} hint="Who they are, e.g. 'Homeowners, Modern Serenity'." />
      <CheckboxField label="Active (shown on the portfolio page)" checked={draft.isActive} onChange={set('isActive')} />
    </EditorForm>
  );
}

export function TestimonialsTab() {
  const testimonials = useEditor<AdminTestimonial, TestimonialPayload>({ path: API.testimonials, words, payloadOf });
  const { form, setForm } = testimonials;
  const nextOrder = (testimonials.query.data ?? []).reduce((max, t) => Math.max(max, t.order + 1), 0);

  return (
    <section aria-labelledby="testimonials-heading">
      <TabHeading
        id="testimonials-heading"
        title="Testimonials"
        lead="Your clients' words on the portfolio page, in this order. Only active testimonials are shown."
        action={
          form.mode === 'closed' && <AddButton label="Add Testimonial" onClick={() => setForm({ mode: 'create' })} />
        }
      />
      {form.mode !== 'closed' && (
        <TestimonialForm
          key={form.mode === 'edit' ? form.item.id : 'new'}
          mode={form.mode}
          initial={form.mode === 'edit' ? payloadOf(form.item) : { quote: '', name: '', role: '', isActive: true, order: nextOrder }}
          // A new record goes to the end of the list as it is when saved.
          onSave={(payload) => testimonials.save(form.mode === 'create' ? { ...payload, order: nextOrder } : payload)}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}
      <RecordHistory editor={testimonials} noun="testimonial" />

      <ListState query={testimonials.query} what="testimonials" empty="No testimonials yet. The portfolio page hides its testimonials until you add one.">
        {(data) => (
          <SortableList
            items={[...data].sort(byOrder)}
            label="Testimonials"
            nameOf={(item) => item.name}
            onReorder={(ids) => void testimonials.reorder(ids)}
            renderItem={(item) => (
              <ItemCard
                title={item.name}
                active={item.isActive}
                actions={
                  <>
                    <EditButton name={`testimonial of ${item.name}`} onClick={() => setForm({ mode: 'edit', item })} />
                    <DeleteButton
                      name={`testimonial of ${item.name}`}
                      busy={testimonials.busy === item.id}
                      onClick={() => testimonials.remove(item)}
                    />
                  </>
                }
              >
                {item.role && <p className="mt-1 text-sm text-stone-600">{item.role}</p>}
                <p className="mt-2 line-clamp-2 text-sm text-stone-600">“{item.quote}”</p>
              </ItemCard>
            )}
          />
        )}
      </ListState>
    </section>
  );
}
