// Saving what an authenticated GET answers as a file: shared by the backup and the inbox's export.
import { apiFetch } from '../api';

/** The file name from a Content-Disposition header, if it names one safely. */
export function fileNameFrom(disposition: string | null): string | undefined {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  const name = match?.[1] ? decodeURIComponent(match[1]).trim() : '';
  // Never let a header choose a path.
  return name && !/[\\/]/.test(name) ? name : undefined;
}

/** GETs `path` with the bearer token and saves the answer under the name the server gives, else `fallbackName`. */
export async function downloadFrom(path: string, fallbackName: string): Promise<void> {
  const response = await apiFetch('GET', path);
  const blob = await response.blob();
  const name = fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by now; the next task may free it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
