import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts, Toaster } from '../../components/ui/toast';
import { ApiError } from '../api';
import { TextField } from './fields';
import { attention, EditorForm, fieldOfMessage, useDraft, type SaveResult } from './RecordForm';

interface Draft {
  title: string;
  place: string;
}

const problems = (draft: Draft): Record<string, string> => (draft.title.trim() ? {} : { Title: 'Give it a title.' });

function Form({ save }: { save: (draft: Draft, version?: number) => Promise<SaveResult<Draft>> }) {
  const { draft, set, errorOf, submit, attempt, dirty, clashPanel } = useDraft<Draft>({ title: 'Old', place: 'Here' }, problems, {
    title: 'Title',
    place: 'Place',
  });
  return (
    <EditorForm
      heading="Thing"
      submitLabel="Save"
      onSubmit={() => submit((version) => save(draft, version), 'Failed to save thing')}
      onCancel={() => {}}
      dirty={dirty}
      attempt={attempt}
      clash={clashPanel({ title: 'Title', place: 'Place' })}
    >
      <TextField label="Title" value={draft.title} onChange={set('title')} error={errorOf('Title')} />
      <TextField label="Place" value={draft.place} onChange={set('place')} error={errorOf('Place')} />
    </EditorForm>
  );
}

afterEach(() => act(resetToasts));

const toastText = () => screen.getByRole('region', { name: /Notifications/ }).textContent ?? '';

describe('the record editor', () => {
  it('says whether there are unsaved changes in its action bar', () => {
    render(<Form save={async () => ({ ok: true })} />);
    expect(screen.getByTestId('dirty-state').textContent).toBe('No unsaved changes');
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'New' } });
    expect(screen.getByTestId('dirty-state').textContent).toBe('Unsaved changes');
  });

  it('marks a field the check refuses, says why under it and moves the cursor there', async () => {
    const sent: Draft[] = [];
    render(
      <>
        <Form save={async (draft) => (sent.push(draft), { ok: true })} />
        <Toaster />
      </>,
    );
    const title = screen.getByLabelText('Title');
    fireEvent.input(title, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('Give it a title.');
    expect(toastText()).toContain('1 field needs attention');
    expect(sent).toEqual([]);
  });

  it("puts the server's message on the field it names", async () => {
    const refused = new ApiError(400, 'Bad Request', JSON.stringify({ message: 'place must be one line' }), null);
    render(
      <>
        <Form save={async () => ({ ok: false, refused })} />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const place = screen.getByLabelText('Place');
    await waitFor(() => expect(place.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(place);
    expect(toastText()).toContain('place must be one line');
  });

  it("after a clash keeps the typing, takes theirs where I changed nothing, offers theirs where both did, and 'Keep mine' saves over their version", async () => {
    const calls: (number | undefined)[] = [];
    const sent: Draft[] = [];
    render(
      <Form
        save={async (draft, version) => {
          calls.push(version);
          sent.push(draft);
          return calls.length === 1 ? { ok: false, theirs: { title: 'Theirs', place: 'There' }, version: 7 } : { ok: true };
        }}
      />,
    );
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const clash = await screen.findByTestId('clash');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Mine');
    // Place: only the other save changed it, so the form has theirs already.
    expect((screen.getByLabelText('Place') as HTMLInputElement).value).toBe('There');
    expect(screen.queryByRole('button', { name: 'Take theirs: Place' })).toBeNull();
    expect(clash.textContent).toContain('Now in your form');
    expect(screen.getByRole('button', { name: 'Take theirs: Title' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(calls).toEqual([undefined, 7]));
    expect(sent[1]).toEqual({ title: 'Mine', place: 'There' });
    expect(clash.isConnected).toBe(false);
  });

  it("'Take theirs' puts the other save's value in a field both changed", async () => {
    render(<Form save={async () => ({ ok: false, theirs: { title: 'Theirs', place: 'There' }, version: 7 })} />);
    fireEvent.input(screen.getByLabelText('Place'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('clash');
    fireEvent.click(screen.getByRole('button', { name: 'Take theirs: Place' }));
    expect((screen.getByLabelText('Place') as HTMLInputElement).value).toBe('There');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Theirs');
  });

  it('finds fields in server messages, list items included', () => {
    const labels = { title: 'Title', gallery: (i: number) => `Alt text of image ${i + 1}` };
    expect(fieldOfMessage('title is required', labels)).toBe('Title');
    expect(fieldOfMessage('gallery[2].alt is empty', labels)).toBe('Alt text of image 3');
    expect(fieldOfMessage('the server is busy', labels)).toBeUndefined();
    expect(attention(3)).toBe('3 fields need attention');
  });
});
