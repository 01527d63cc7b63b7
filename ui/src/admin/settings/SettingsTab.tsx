import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ACCEPTED_IMAGES } from '../../lib/images';
import { DEFAULT_LOGO } from '../../lib/site';
import { OffsiteSection } from '../backup/OffsiteCard';
import { API, ApiError, apiRequest, type CompanySetting } from '../api';
import { uploadPhoto } from '../editor/upload';
import { downloadBackup } from '../backup/download';
import { toastFailure, toastSuccess } from '../feedback';
import { FieldError, TextField } from '../editor/fields';
import { useLeaveGuard } from '../editor/leaveGuard';
import { EditorForm, useDraft } from '../editor/RecordForm';
import {
  changedKeys,
  describeKey,
  hintFor,
  inputFor,
  labelFor,
  LOGO_DESCRIPTION,
  LOGO_KEY,
  ADDRESS_KEY,
  MAP_KEY,
  mapDisagrees,
  mapLocationOf,
  refusalText,
  settingProblems,
  settingRows,
  settingValues,
  SITE_URL_KEY,
} from './settings';
import { NoMailLine } from '../mail/MailNotice';
import { buttonStyles, Card, labelClass, LoadError, Loading, TabHeading } from '../ui';

export function SettingsTab({ focusLogo = false }: { focusLogo?: boolean }) {
  const settings = useQuery<CompanySetting[]>({ queryKey: [API.settings] });
  // A new form after each save, drawn from what the server now holds.
  const [generation, setGeneration] = useState(0);
  return (
    <section aria-labelledby="settings-heading">
      <TabHeading
        id="settings-heading"
        title="Settings"
        lead="The logo and company details shown in the site's header, footer, about and contact pages. Changes show on the site's next page load."
      />
      <NoMailLine />
      {settings.isPending ? (
        <Loading what="settings" />
      ) : settings.isError ? (
        <LoadError what="the settings" onRetry={() => void settings.refetch()} />
      ) : (
        <div className="grid gap-8">
          <SettingsForm
            key={generation}
            stored={settings.data}
            focusLogo={focusLogo && generation === 0}
            onSaved={() => setGeneration((n) => n + 1)}
          />
          <BackupCard />
          <ForYourHost />
        </div>
      )}
    </section>
  );
}

/**
 * The logo and every company detail as one record: the action bar stays on screen, a refused value
 * is marked at its field. The server keeps no history of settings, so this editor has none.
 */
function SettingsForm({ stored, focusLogo, onSaved }: { stored: CompanySetting[]; focusLogo: boolean; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const values = settingValues(stored);
  const { draft, set, setDraft, errorOf, submit, refuse, attempt, dirty } = useDraft(values, settingProblems);
  useLeaveGuard(dirty, 'Leave the settings? Your changes are not saved yet.');

  const save = async (): Promise<boolean> => {
    const refused: Record<string, string> = {};
    const saved = await submit(async () => {
      let failed = false;
      for (const key of changedKeys(values, draft)) {
        const description = stored.find((s) => s.settingKey === key)?.description || (key === LOGO_KEY ? LOGO_DESCRIPTION : describeKey(key));
        try {
          await apiRequest<CompanySetting>('POST', API.settings, { settingKey: key, settingValue: draft[key] ?? '', description });
        } catch (error) {
          if (error instanceof ApiError && error.status === 400) {
            refused[labelOf(key)] = refusalText(error.serverMessage ?? error.message);
          } else {
            toastFailure('Failed to save settings', error);
            failed = true;
            break;
          }
        }
      }
      // What did land is shown as saved (no longer 'unsaved'); the refused values stay as typed.
      await queryClient.invalidateQueries({ queryKey: [API.settings] });
      // The site address is a setting too; the Overview says whether one is set.
      void queryClient.invalidateQueries({ queryKey: [API.siteAddress] });
      return failed || Object.keys(refused).length > 0 ? { ok: false } : { ok: true };
    }, 'Failed to save settings');
    if (saved) {
      toastSuccess('Settings saved successfully');
      onSaved();
    } else if (Object.keys(refused).length > 0) {
      refuse(refused);
    }
    return saved;
  };

  return (
    <EditorForm
      heading="Logo and company details"
      submitLabel="Save Settings"
      onSubmit={save}
      onCancel={() => setDraft(values)}
      dirty={dirty}
      attempt={attempt}
    >
      <LogoField value={draft[LOGO_KEY] ?? ''} onChange={set(LOGO_KEY)} error={errorOf(labelOf(LOGO_KEY))} focusOnMount={focusLogo} />
      {settingRows(stored).map(({ key }) => {
        const input = inputFor(key);
        const field = (
          <TextField
            key={key}
            label={labelFor(key)}
            value={draft[key] ?? ''}
            onChange={set(key)}
            rows={input === 'multiline' ? 4 : undefined}
            type={input === 'multiline' ? 'text' : input}
            hint={hintFor(key)}
            error={errorOf(labelFor(key))}
            className={input === 'multiline' || key === SITE_URL_KEY || key === MAP_KEY ? 'md:col-span-2' : ''}
          />
        );
        if (key !== MAP_KEY) return field;
        const address = draft[ADDRESS_KEY] ?? '';
        return (
          <div key={key} className="grid gap-2 md:col-span-2">
            {field}
            {mapDisagrees(address, draft[MAP_KEY] ?? '') && (
              <p role="status" className="flex flex-wrap items-center gap-x-3 text-sm text-amber-900" data-testid="map-disagrees">
                The map looks for another place than the Address above.
                <button type="button" className={buttonStyles.plain} onClick={() => set(MAP_KEY)(mapLocationOf(address))}>
                  Use the address
                </button>
              </p>
            )}
          </div>
        );
      })}
    </EditorForm>
  );
}

/** The logo's label, and every other setting's (the form marks its fields by label). */
const labelOf = (key: string) => (key === LOGO_KEY ? 'Logo' : labelFor(key));

/** The logo, chosen from the phone's photos or files; saved with the rest. */
function LogoField({ value, onChange, error, focusOnMount }: { value: string; onChange: (url: string) => void; error?: string; focusOnMount: boolean }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // Why the chosen file was not taken (not an image, too large): said at the field.
  const [refusal, setRefusal] = useState<string | undefined>();
  const problem = error ?? refusal;

  const onFile = async (file: File) => {
    setBusy(true);
    setRefusal(undefined);
    const result = await uploadPhoto(file);
    if (result && 'url' in result) {
      onChange(result.url);
      toastSuccess('Logo uploaded. Save Settings to show it on the site.');
    } else if (result) {
      setRefusal(result.refusal);
      toastFailure('Upload refused', undefined, result.refusal);
    }
    setBusy(false);
    if (picker.current) picker.current.value = '';
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid min-w-0 gap-3 md:col-span-2">
      <p id={`${id}-label`} className={labelClass}>
        Logo
      </p>
      <div className="grid min-w-0 gap-4 sm:flex sm:items-start">
        <figure className="shrink-0">
          <img
            src={value.trim() || DEFAULT_LOGO}
            alt="Company logo"
            width={128}
            height={128}
            className="size-32 rounded-sm border border-sand-200 bg-ivory object-contain p-2"
          />
          <figcaption className="mt-2 text-xs text-stone-600">{value.trim() ? 'Your logo' : 'Built-in logo'}</figcaption>
        </figure>
        <div className="grid min-w-0 flex-1 content-start gap-2">
          <label htmlFor={`${id}-file`} className="text-sm">
            Upload a logo file
          </label>
          <input
            ref={picker}
            id={`${id}-file`}
            type="file"
            accept={ACCEPTED_IMAGES}
            disabled={busy}
            autoFocus={focusOnMount}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[problem && `${id}-error`, `${id}-hint`].filter(Boolean).join(' ')}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void onFile(file);
            }}
            className="block w-full min-w-0 text-sm text-stone-600 file:mr-4 file:min-h-11 file:cursor-pointer file:rounded-sm file:border file:border-stone-400 file:bg-white file:px-3 file:text-sm file:font-semibold file:text-charcoal hover:file:bg-charcoal hover:file:text-ivory"
          />
          {problem && <FieldError id={`${id}-error`} message={problem} />}
          <p id={`${id}-hint`} className="text-xs text-stone-600">
            {busy ? 'Uploading…' : 'A square image, 200 × 200 px or larger, as PNG, JPG or SVG.'}
          </p>
          {value.trim() && (
            <button type="button" className={`${buttonStyles.plain} justify-self-start`} onClick={() => onChange('')}>
              Use the built-in logo
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

function BackupCard() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadBackup();
    } catch (error) {
      toastFailure('Backup download failed', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <h3 className="font-display text-2xl">Backup</h3>
      <p className="mt-2 max-w-2xl text-sm text-stone-600">
        A backup protects everything you have put on the site: pages, projects, news, enquiries, settings and uploaded photos.
        One file holds it all. Download a copy now and then and keep it somewhere safe, away from this machine.
      </p>
      <button type="button" className={`${buttonStyles.plain} mt-4`} disabled={busy} onClick={() => void download()}>
        <Download aria-hidden="true" className="size-4" />
        {busy ? 'Preparing…' : 'Download backup'}
      </button>
      <OffsiteSection />
    </Card>
  );
}

/** The only place where configuration names appear: what the person who runs the server needs. */
function ForYourHost() {
  return (
    <details className="rounded-sm border border-sand-200 bg-white p-5 sm:p-6">
      <summary className="min-h-11 py-2 font-display text-2xl">For your host</summary>
      <div className="mt-3 grid max-w-2xl gap-3 text-sm text-stone-700">
        <p>
          <strong>Site address.</strong> When <code>public_url</code> is set in <code>studio.toml</code>, it wins over the Site address
          above (setting key <code>site_url</code>).
        </p>
        <p>
          <strong>Off-site copies.</strong> An <code>[offsite]</code> section in <code>studio.toml</code> sends an encrypted copy of the
          data file to S3-compatible storage after every snapshot (see docs/operations.md).
        </p>
        <p>
          <strong>Backups.</strong> <code>studio backup</code> and <code>studio restore</code> work on the same file the Download
          backup button gives.
        </p>
      </div>
    </details>
  );
}
