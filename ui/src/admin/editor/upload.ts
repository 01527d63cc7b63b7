// What every photo upload of the panel goes through before and after the call: a file that is not
// an image the site can show (a PDF, a PDF renamed .jpg, a HEIC photo) is refused at its field
// before a byte is sent (the server refuses other kinds); a phone photo larger than the site keeps is made smaller in the browser; an
// answer that is not an image is never attached; the same photo twice is attached once.
import { ApiError, describeError, uploadWithProgress, type StoredFile } from '../api';

/** The long side the server keeps at most (src/media/variants.rs, MAIN_MAX). */
export const KEPT_LONG_SIDE = 2560;
/** JPEG quality of a photo made smaller in the browser: the server re-encodes it anyway. */
const RESIZE_QUALITY = 0.9;

/** The ISO-BMFF brands of HEIC/HEIF and AVIF photos (as src/api/media.rs knows them). */
const HEIF_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis'];

export type FileKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'svg' | 'pdf' | 'heif' | 'other';

/** What a file is by its first bytes (as the server judges it, never by its name). */
export function sniff(head: Uint8Array): FileKind {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = (from: number, text: string) => [...text].every((c, i) => head[from + i] === c.charCodeAt(0));
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'GIF8')) return 'gif';
  if (ascii(0, '%PDF')) return 'pdf';
  if (ascii(4, 'ftyp') && HEIF_BRANDS.some((brand) => ascii(8, brand))) return 'heif';
  // An SVG may open with an XML prolog, a comment or a doctype before its <svg> element.
  const text = new TextDecoder().decode(head).trimStart().toLowerCase();
  if (text.startsWith('<') && text.includes('<svg')) return 'svg';
  return 'other';
}

/**
 * Why `name` (of the kind its bytes say) cannot be a photo on the site, when the panel can tell:
 * a PDF (which the upload call stores, for the brochure) and a HEIC photo.
 */
export function refusalFor(name: string, kind: FileKind): string | undefined {
  switch (kind) {
    case 'pdf':
      return `"${name}" is a PDF document, not a photo. Choose a JPEG, PNG, WebP, GIF or SVG image.`;
    case 'heif':
      return `"${name}" is a HEIC or AVIF photo, which the site cannot show. Convert it to JPEG first (on an iPhone: Settings > Camera > Formats > Most Compatible).`;
    default:
      // Anything else is the server's to judge: it refuses what it cannot show, in its own words.
      return undefined;
  }
}

/** An answer that is not an image (the call also stores PDFs, for the brochure) is never attached. */
export function answerRefusal(name: string, answer: StoredFile): string | undefined {
  const pdf = answer.contentType === 'application/pdf' || /\.pdf$/i.test(answer.fileUrl);
  return pdf ? refusalFor(name, 'pdf') : undefined;
}

/** A failed upload in the owner's words, with what to do when the file is too large. */
export function uploadFailure(name: string, error: unknown): string {
  if (error instanceof ApiError && error.status === 413) {
    return `"${name}" is too large: ${describeError(error)}. Make it smaller first: on a phone, share it at "Large" rather than "Actual size" (or send it to yourself on WhatsApp and use that copy); on a computer, export it at 2560 pixels on its long side.`;
  }
  return `"${name}" could not be uploaded: ${describeError(error)}`;
}

/** `urls` without any already in `have` or repeated: the same photo twice is attached once. */
export function newOnly(have: readonly string[], urls: readonly string[]): string[] {
  const seen = new Set(have);
  return urls.filter((url) => !seen.has(url) && (seen.add(url), true));
}

/** The size a photo of `width` x `height` is made in the browser: within the long side the site keeps. */
export function fittedSize(width: number, height: number, longSide = KEPT_LONG_SIDE): { width: number; height: number } | undefined {
  const scale = longSide / Math.max(width, height);
  if (!(scale < 1)) return undefined;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The file to send for a JPEG photo: made smaller in the browser when it is larger than the site
 * keeps and that makes it smaller (a JPEG has no transparency to lose; the server makes the same
 * size from it). Anything else, or a browser that cannot, sends the file as it is.
 */
export async function smallerPhoto(file: File, kind: FileKind): Promise<File> {
  if (kind !== 'jpeg' || typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fittedSize(bitmap.width, bitmap.height);
    if (!size) {
      bitmap.close();
      return file;
    }
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', RESIZE_QUALITY));
    return blob && blob.size < file.size ? new File([blob], file.name, { type: 'image/jpeg', lastModified: file.lastModified }) : file;
  } catch {
    // A photo the browser cannot decode goes as it is; the server says what is wrong with it.
    return file;
  }
}

/** The first bytes of a file, enough to tell its kind. */
export async function headOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 4096).arrayBuffer());
}

/**
 * Uploads one photo: checked by its bytes first (refused before a byte is sent), a large phone photo
 * made smaller, its progress told (0 to 1), an answer that is not an image never handed on.
 * Resolves to the stored URL, or the refusal in the owner's words; undefined after a refused token
 * (the session guard says so and leaves the panel).
 */
export async function uploadPhoto(original: File, onProgress?: (sent: number) => void): Promise<{ url: string } | { refusal: string } | undefined> {
  try {
    const kind = sniff(await headOf(original));
    const refusal = refusalFor(original.name, kind);
    if (refusal) return { refusal };
    const answer = await uploadWithProgress(await smallerPhoto(original, kind), onProgress);
    const wrong = answerRefusal(original.name, answer);
    if (wrong) return { refusal: wrong };
    rememberCopies(answer);
    return { url: answer.fileUrl };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return undefined;
    return { refusal: uploadFailure(original.name, error) };
  }
}

/** The stored copies of each photo uploaded during this visit, smallest first (the upload's answer). */
const copies = new Map<string, NonNullable<StoredFile['variants']>>();

/** Keeps the copies an upload's answer lists, for the editor's thumbnails. */
export function rememberCopies(answer: StoredFile): void {
  if (answer.variants && answer.variants.length > 0) copies.set(answer.fileUrl, answer.variants);
}

/**
 * A thumbnail's `srcset` for a photo uploaded during this visit: the browser then fetches the
 * smallest copy that fills the thumbnail (480 px wide for a 240 px box on a 2x phone), not the
 * 2560 px one. Undefined for anything else, which is shown as it is.
 */
export function thumbnailSrcSet(url: string): string | undefined {
  const known = copies.get(url.trim());
  return known?.map((copy) => `${copy.url} ${copy.width}w`).join(', ');
}
