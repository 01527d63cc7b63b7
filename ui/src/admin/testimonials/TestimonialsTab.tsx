import { API, type AdminTestimonial, type TestimonialPayload } from '../api';
import { CheckboxField, TextField } from '../editor/fields';
import { clashAsDraft, EditorForm, useDraft, type SaveResult } from '../editor/RecordForm';
import { AddButton, byOrder, DeleteButton, EditButton, firstOrder, ItemCard, ListState, PAGE_SIZE, ShowMore } from '../editor/ItemCard';
import { SortableList } from '../editor/SortableList';
import { useEditor } from '../editor/useCollection';
import { wordsFor } from '../editor/words';
import { TabHeading } from '../ui';
import { RecordHistory } from '../editor/HistoryPanel';

const words = wordsFor('Testimonial');

const payloadOf = ({ quote, name, role, isActive, order }: AdminTestimonial): TestimonialPayload => ({ quote, name, role, isActive, order });

export function testimonialProblems(draft: TestimonialPayload): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.quote.trim()) problems.Quote = 'Write the client\'s words.';
  if (!draft.name.trim()) problems.Name = 'Say who said it.';
  return problems;
}

const LABELS = { quote: 'Quote', name: 'Name', role: 'Role' };
const CLASH_LABELS: Record<string, string> = { ...LABELS, isActive: 'Active' };

function TestimonialForm({
  mode,
  initial,
  onSave,
  onCancel,
}: {
  mode: 'create' | 'edit';
  initial: TestimonialPayload;
  onSave: (payload: TestimonialPayload, version?: number) => Promise<SaveResult<TestimonialPayload>>;
  onCancel: () => void;
}) {
  const { draft, set, errorOf, submit, attempt, dirty, clashPanel } = useDraft(initial, testimonialProblems, LABELS);
  const payload = { ...draft, quote: draft.quote.trim(), name: draft.name.trim(), role: draft.role.trim() };

  return (
    <EditorForm
      heading={mode === 'create' ? 'New Testimonial' : 'Edit Testimonial'}
      submitLabel={mode === 'create' ? 'Create Testimonial' : 'Save Changes'}
      onSubmit={() => submit((version) => onSave(payload, version), words.saveFailed)}
      onCancel={onCancel}
      dirty={dirty}
      attempt={attempt}
      clash={clashPanel(CLASH_LABELS)}
    >
      <TextField label="Quote" rows={4} required value={draft.quote} onChange={set('quote')} error={errorOf('Quote')} className="md:col-span-2" />
      <TextField label="Name" required value={draft.name} onChange={set('name')} error={errorOf('Name')} />
      <TextField label="Role" value={draft.role} onChange={set('role')} error={errorOf('Role')} hint="Who they are, e.g. 'Homeowners, Modern Serenity'." />
      <CheckboxField label="Active (shown on the portfolio page)" checked={draft.isActive} onChange={set('isActive')} />
    </EditorForm>
  );
}

export function TestimonialsTab() {
  const testimonials = useEditor<AdminTestimonial, TestimonialPayload>({ path: API.testimonials, words, payloadOf, pageSize: PAGE_SIZE });
  const { form, setForm } = testimonials;
  const newOrder = firstOrder(testimonials.query.data);

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
          initial={form.mode === 'edit' ? payloadOf(form.item) : { quote: '', name: '', role: '', isActive: true, order: newOrder }}
          // A new testimonial goes first, above the list as it is when saved.
          onSave={async (payload, version) =>
            clashAsDraft(await testimonials.save(form.mode === 'create' ? { ...payload, order: newOrder } : payload, version), payloadOf)
          }
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}
      <RecordHistory editor={testimonials} noun="testimonial" labels={CLASH_LABELS} />

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
      <ShowMore more={testimonials.more} what="testimonials" />
    </section>
  );
}
