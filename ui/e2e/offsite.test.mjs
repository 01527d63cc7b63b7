// Off-site backups in the panel against real S3-compatible storage (`rclone serve s3`, the one
// .ci/run installs): the Settings tab's backup card lists the copies and sends one on Back up now;
// when the storage goes away, the Overview warns once no copy has got through for twice
// `backup_every`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { assertAxeClean, freePort, launchBrowser, signIn, startStudio, watchPage } from './harness.mjs';

const RCLONE =
  process.env.RCLONE ?? resolve(fileURLToPath(new URL('.', import.meta.url)), '../../target/rclone-venv/bin/rclone');
const KEY = 'e2e-key';
const SECRET = 'e2e-SECRET-key-9f8e';
const PASSPHRASE = 'e2e passphrase, long enough';
const EVERY_SECONDS = 3;

async function waitForPort(port) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const open = await new Promise((done) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => {
        socket.end();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`rclone never listened on ${port}`);
}

let storageDir;
let rclone;
let studio;
let browser;

before(async () => {
  assert.ok(existsSync(RCLONE), `rclone is missing at ${RCLONE}: scripts/test installs it`);
  storageDir = await mkdtemp(join(tmpdir(), 'studio-e2e-s3-'));
  await mkdir(join(storageDir, 'backups'));
  const port = await freePort();
  rclone = spawn(RCLONE, ['serve', 's3', storageDir, '--addr', `127.0.0.1:${port}`, '--auth-key', `${KEY},${SECRET}`], {
    env: { ...process.env, RCLONE_CONFIG: join(storageDir, 'rclone.conf') },
    stdio: 'ignore',
  });
  await waitForPort(port);
  studio = await startStudio({
    env: {
      STUDIO_BACKUP_EVERY: `${EVERY_SECONDS}s`,
      STUDIO_OFFSITE_ENDPOINT: `http://127.0.0.1:${port}`,
      STUDIO_OFFSITE_BUCKET: 'backups',
      STUDIO_OFFSITE_ACCESS_KEY_ID: KEY,
      STUDIO_OFFSITE_SECRET_ACCESS_KEY: SECRET,
      STUDIO_OFFSITE_PASSPHRASE: PASSPHRASE,
      STUDIO_OFFSITE_TIMEOUT: '2s',
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await studio?.stop();
  rclone?.kill('SIGKILL');
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

async function openPanel() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: studio.baseUrl });
  const page = await context.newPage();
  const watched = watchPage(page);
  await signIn(page);
  return { page, context, watched };
}

describe('off-site backups in the panel', () => {
  test('the backup card lists the copies and Back up now sends one', async () => {
    const { page, context, watched } = await openPanel();
    await page.getByRole('tab', { name: 'Settings' }).click();
    const card = page.getByTestId('offsite');
    await card.waitFor();
    // The schedule sends a copy at start; the card shows it once listed.
    await card.getByRole('list', { name: 'Off-site copies' }).getByText(/^studio-\d{8}T\d{6}Z\.redb\.enc$/).first().waitFor();
    assert.match(await page.getByTestId('offsite-last-success').textContent(), /Last copy made/);
    await card.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText(/^Off-site copy studio-\d{8}T\d{6}Z\.redb\.enc is safe$/).waitFor();
    assert.equal(await page.getByTestId('offsite-last-error').count(), 0, 'no error shown');
    assert.equal(await page.getByTestId('offsite-warning').count(), 0);
    await assertAxeClean(page, 'Settings with off-site copies');
    const html = await page.content();
    assert.ok(!html.includes(SECRET) && !html.includes(PASSPHRASE), 'no secret in the panel');
    await context.close();
    assert.deepEqual(watched.consoleErrors, []);
    assert.deepEqual(watched.foreignRequests, []);
  });

  test('when the storage goes away the card shows the error and the Overview warns', async () => {
    rclone.kill('SIGKILL');
    const { page, context, watched } = await openPanel();
    // Twice backup_every after the last success, with the storage gone, the warning shows.
    // Each reload is given time to fetch the status: checked at once, a slow machine's Overview
    // has not asked yet and the loop never sees the warning.
    const warning = page.getByTestId('offsite-warning');
    const deadline = Date.now() + 45_000;
    for (;;) {
      const shown = await warning.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      );
      if (shown) break;
      assert.ok(Date.now() < deadline, 'the Overview never warned');
      await page.reload();
    }
    assert.match(await warning.textContent(), /Off-site backups have stopped\. The last one got through .+ Last error: cannot reach the storage/);
    await warning.getByRole('button', { name: 'Open the backup settings' }).click();
    const error = page.getByTestId('offsite-last-error');
    await error.waitFor();
    assert.match(await error.textContent(), /Last attempt failed .*cannot reach the storage/);
    await assertAxeClean(page, 'Settings with a failing off-site copy');
    await page.getByTestId('offsite').getByRole('button', { name: 'Back up now' }).click();
    await page.getByText('Off-site backup failed').waitFor();
    await context.close();
    // The one failed POST is the only error the console saw.
    assert.deepEqual(
      watched.consoleErrors.filter((e) => !(e.url.includes('/api/admin/backups/offsite') && e.text.includes('502'))),
      [],
    );
  });
});
