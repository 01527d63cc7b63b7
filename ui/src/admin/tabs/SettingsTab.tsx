import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Pencil } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ACCEPTED_IMAGES } from '../../lib/images';
import { DEFAULT_LOGO } from '../../lib/site';
import { AccountSection } from '../account/AccountSection';
import { OffsiteSection } from '../backup/OffsiteCard';
import { API, apiRequest, uploadFile, type CompanySetting, type SettingPayload } from '../api';
import { downloadBackup } from '../download';
import { toastFailure, toastSuccess } from '../feedback';
import { describeKey, hintFor, inputFor, labelFor, LOGO_DESCRIPTION, LOGO_KEY, settingRows } from '../settings';
import { buttonStyles, Card, inputClass, labelClass, LoadError, Loading, TabHeading } from '../ui';

/** Stores one setting and reloads the list; resolves to whether it worked. */
function useSaveSetting() {
  const queryClient = useQueryClient();
  return async (payload: SettingPayload, success: string, failure: string) => {
    try {
      const saved = await apiRequest<CompanySetting>('POST', API.settings, payload);
      toastSuccess(success);
      return saved.settingValue;
    } catch (error) {
      toastFailure(failure, error);
      return undefined;
    } finally {
      void queryClient.invalidateQueries({ queryKey: [API.settings] });
      // The site address is a setting too; the Overview says whether one is set.
      void queryClient.invalidateQueries({ queryKey: [API.siteAddress] });
    }
  };
}

export function SettingsTab({ focusLogo = false }: { focusLogo?: boolean }) {
  const settings = useQuery<CompanySetting[]>({ queryKey: [API.settings] });
  return (
    <section aria-labelledby="settings-heading">
      <TabHeading
        id="settings-heading"
        title="Settings"
        lead="The logo and company details shown in the site's header, footer, about and contact pages. Changes show on the site's next page load."
      />
      {settings.isPending ? (
        <Loading what="settings" />
      ) : settings.isError ? (
        <LoadError what="the settings" onRetry={() => void settings.refetch()} />
      ) : (
        <div className="grid gap-8">
          <LogoCard
            current={settings.data.find((s) => s.settingKey === LOGO_KEY)?.settingValue ?? ''}
            focusOnMount={focusLogo}
          />
          <Card>
            <h3 className="font-display text-2xl">Company Details</h3>
            <ul className="mt-4 divide-y divide-sand-200">
              {settingRows(settings.data).map(({ key, setting }) => (
                <li key={key}>
                  <SettingRow settingKey={key} setting={setting} />
                </li>
              ))}
            </ul>
          </Card>
          <BackupCard />
          <AccountSection />
          <ForYourHost />
        </div>
      )}
    </section>
  );
}

function LogoCard({ current, focusOnMount }: { current: string; focusOnMount: boolean }) {
  const id = useId();
  const saveSetting = useSaveSetting();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const filePicker = useRef<HTMLInputElement>(null);

  const saveLogo = async (logoUrl: string) => {
    const saved = await saveSetting(
      { settingKey: LOGO_KEY, settingValue: logoUrl, description: LOGO_DESCRIPTION },
      'Logo updated successfully',
      'Failed to update logo',
    );
    if (saved !== undefined) setUrl('');
  };

  const onFile = async (file: File) => {
    setBusy(true);
    try {
      let fileUrl: string;
      try {
        fileUrl = await uploadFile(file);
      } catch (error) {
        toastFailure('Upload failed', error);
        return;
      }
      await saveLogo(fileUrl);
    } finally {
      setBusy(false);
      if (filePicker.current) filePicker.current.value = '';
    }
  };

  const onUrl = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      toastFailure('Please enter a logo URL');
      return;
    }
    setBusy(true);
    await saveLogo(url.trim());
    setBusy(false);
  };

  return (
    <Card>
      <h3 className="font-display text-2xl">Company Logo</h3>
      <div className="mt-5 flex flex-col gap-6 sm:flex-row">
        <figure className="shrink-0">
          <img
            src={current.trim() || DEFAULT_LOGO}
            alt="Current company logo"
            width={128}
            height={128}
            className="size-32 rounded-sm border border-sand-200 bg-ivory object-contain p-2"
          />
          <figcaption className="mt-2 text-xs text-stone-600">{current.trim() ? 'Current logo' : 'Built-in logo'}</figcaption>
        </figure>
        <div className="grid min-w-0 flex-1 content-start gap-6">
          <div className="grid gap-2">
            <label htmlFor={`${id}-file`} className={labelClass}>
              Upload a logo file
            </label>
            <input
              ref={filePicker}
              id={`${id}-file`}
              type="file"
              accept={ACCEPTED_IMAGES}
              disabled={busy}
              autoFocus={focusOnMount}
              aria-describedby={`${id}-file-hint`}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void onFile(file);
              }}
              className="block w-full text-sm text-stone-600 file:mr-4 file:min-h-10 file:cursor-pointer file:rounded-sm file:border file:border-stone-400 file:bg-white file:px-3 file:text-sm file:font-semibold file:text-charcoal hover:file:bg-charcoal hover:file:text-ivory"
            />
            <p id={`${id}-file-hint`} className="text-xs text-stone-600">
              Recommended: a square image, 200 × 200 px or larger, as PNG, JPG or SVG. It is saved as soon as you choose it.
            </p>
          </div>
          <form noValidate onSubmit={onUrl} className="grid gap-2">
            <label htmlFor={`${id}-url`} className={labelClass}>
              Or use an image address
            </label>
            <div className="flex flex-wrap gap-3">
              <input
                id={`${id}-url`}
                type="url"
                placeholder="https://… or /media/…"
                value={url}
                onInput={(event) => setUrl(event.currentTarget.value)}
                className={`${inputClass} min-w-0 flex-1 basis-60`}
              />
              <button type="submit" className={buttonStyles.primary} disabled={busy}>
                Update Logo
              </button>
            </div>
          </form>
        </div>
      </div>
    </Card>
  );
}

function SettingRow({ settingKey, setting }: { settingKey: string; setting?: CompanySetting }) {
  const id = useId();
  const saveSetting = useSaveSetting();
  const label = labelFor(settingKey);
  const value = setting?.settingValue ?? '';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const input = inputFor(settingKey);
  const hint = hintFor(settingKey);

  const startEditing = () => {
    setDraft(value);
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const saved = await saveSetting(
      { settingKey, settingValue: draft, description: setting?.description || describeKey(settingKey) },
      'Setting updated successfully',
      'Failed to update setting',
    );
    setSaving(false);
    if (saved !== undefined) setEditing(false);
  };

  if (!editing) {
    return (
      <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{label}</p>
          <p className={`mt-1 break-words whitespace-pre-line ${value ? '' : 'text-stone-600 italic'}`}>
            {value || 'Not set'}
          </p>
          {hint && <p className="mt-1 max-w-2xl text-xs text-stone-600">{hint}</p>}
        </div>
        <button type="button" className={`${buttonStyles.plain} self-start`} aria-label={`Edit ${label}`} onClick={startEditing}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </button>
      </div>
    );
  }

  const fieldId = `${id}-value`;
  return (
    <form noValidate onSubmit={save} className="grid gap-3 py-4">
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      {input === 'multiline' ? (
        <textarea
          id={fieldId}
          rows={4}
          autoFocus
          value={draft}
          onInput={(event) => setDraft(event.currentTarget.value)}
          className={inputClass}
        />
      ) : (
        <input
          id={fieldId}
          // Preact types each input type with its own attributes; these four take the same ones.
          type={input as 'text'}
          autoFocus
          value={draft}
          onInput={(event) => setDraft(event.currentTarget.value)}
          className={inputClass}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      <div className="flex gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className={buttonStyles.plain} onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
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
