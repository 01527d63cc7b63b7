import { API } from '../api';
import { downloadFrom } from '../lib/download';

/** Every message as CSV (GET /api/contacts.csv), handed to the browser as a download. */
export function exportCsv(now: Date = new Date()): Promise<void> {
  return downloadFrom(API.contactsCsv, `messages-${now.toISOString().slice(0, 10)}.csv`);
}
