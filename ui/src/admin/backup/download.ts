// The Settings tab's "Download backup": the data file as the server snapshots it.
import { API } from '../api';
import { downloadFrom } from '../lib/download';

/**
 * Fetches the data file snapshot with the bearer token (a plain link could not send it) and hands it
 * to the browser as a download.
 */
export async function downloadBackup(now: Date = new Date()): Promise<void> {
  await downloadFrom(API.backup, `studio-backup-${now.toISOString().slice(0, 10)}.redb`);
}
