// Account (every role): the name the panel and the activity record show, the password, and where one
// is signed in.
import { useQueryClient } from '@tanstack/react-query';
import { useAccess } from '../access/access';
import { ROLE_WORDS, roleLabel, type Role } from '../access/roles';
import { API, ApiError, apiRequest } from '../api';
import { TextField } from '../editor/fields';
import { EditorForm, useDraft } from '../editor/RecordForm';
import { toastFailure, toastSuccess } from '../feedback';
import { useSession } from '../session';
import { Card, TabHeading } from '../ui';
import { AccountSection } from './AccountSection';
import { SessionsList } from './SessionsList';

const NAME = 'Name shown';

/** What is wrong with a display name, by its field's label. */
export function nameProblems(draft: { displayName: string }): Record<string, string> {
  const name = draft.displayName.trim();
  if (!name) return { [NAME]: 'Please enter the name to show.' };
  if ([...name].length > 80) return { [NAME]: 'At most 80 characters.' };
  return {};
}

export function AccountTab() {
  const session = useSession();
  const { role } = useAccess();
  const admin = session?.admin;
  return (
    <section aria-labelledby="account-heading">
      <TabHeading id="account-heading" title="Account" lead="Your name, your password, and the devices you are signed in on." />
      <div className="grid gap-8">
        {admin && (
          <Card>
            <p className="text-sm text-stone-600">
              Signed in as <strong className="text-charcoal">{admin.username}</strong>, role <strong className="text-charcoal">{roleLabel(admin.role)}</strong>
              {role !== 'unknown' && <>: {ROLE_WORDS[role as Role].description}.</>}
            </p>
          </Card>
        )}
        {admin && <NameForm key={admin.displayName ?? admin.username} current={admin.displayName ?? admin.username} />}
        <AccountSection />
        <section aria-labelledby="sessions-heading">
          <Card>
            <h3 id="sessions-heading" className="font-display text-2xl">
              Where you're signed in
            </h3>
            <p className="mt-1 mb-4 max-w-2xl text-sm text-stone-600">
              Each device you signed in on. Lost a phone, or used a shared computer? Sign it out here.
            </p>
            <SessionsList />
          </Card>
        </section>
      </div>
    </section>
  );
}

/** The name shown beside what one does (`PATCH /api/admin/me`): the record-editor pattern, one field. */
function NameForm({ current }: { current: string }) {
  const queryClient = useQueryClient();
  const initial = { displayName: current };
  const { draft, set, setDraft, errorOf, submit, refuse, attempt, dirty } = useDraft(initial, nameProblems);
  const save = async () => {
    let refusal: string | undefined;
    const saved = await submit(async () => {
      try {
        await apiRequest('PATCH', API.me, { displayName: draft.displayName.trim() });
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) refusal = error.serverMessage ?? error.message;
        else toastFailure('Name not saved', error);
        return { ok: false };
      }
    }, 'Name not saved');
    if (refusal) refuse({ [NAME]: refusal });
    if (saved) {
      toastSuccess('Name saved');
      // The panel's own idea of who is signed in (verify) now carries the new name.
      await queryClient.invalidateQueries({ queryKey: [API.verify] });
    }
    return saved;
  };
  return (
    <EditorForm heading="Your name" submitLabel="Save name" onSubmit={save} onCancel={() => setDraft(initial)} dirty={dirty} attempt={attempt}>
      <TextField
        label={NAME}
        value={draft.displayName}
        onChange={set('displayName')}
        error={errorOf(NAME)}
        autoComplete="name"
        hint="Shown in the activity record and on the People screen."
      />
    </EditorForm>
  );
}
