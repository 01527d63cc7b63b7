import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { answerRefusal, fittedSize, newOnly, refusalFor, rememberCopies, sniff, thumbnailSrcSet, uploadFailure } from './upload';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])));

describe('what a file is, by its bytes', () => {
  it('tells the photos the site takes from a PDF, a HEIC photo and anything else', () => {
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniff(bytes(0x89, 'PNG\r\n'))).toBe('png');
    expect(sniff(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(sniff(bytes('GIF89a'))).toBe('gif');
    expect(sniff(bytes('<?xml version="1.0"?>\n<!-- Illustrator -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniff(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(sniff(bytes(0, 0, 0, 24, 'ftypheic'))).toBe('heif');
    expect(sniff(bytes('<html><body>hi</body></html>'))).toBe('other');
    expect(sniff(bytes())).toBe('other');
  });

  it("refuses a PDF (whatever its name) and a HEIC photo, naming the file and what to choose; the rest is the server's to judge", () => {
    expect(refusalFor('Quotation.jpg', 'pdf')).toBe('"Quotation.jpg" is a PDF document, not a photo. Choose a JPEG, PNG, WebP, GIF or SVG image.');
    expect(refusalFor('IMG_1.HEIC', 'heif')).toMatch(/^"IMG_1.HEIC" is a HEIC .* Convert it to JPEG first/);
    for (const kind of ['jpeg', 'png', 'webp', 'gif', 'svg', 'other'] as const) expect(refusalFor('a', kind)).toBeUndefined();
  });

  it('never attaches an answer that is a document', () => {
    expect(answerRefusal('q.jpg', { fileUrl: '/media/ab.pdf', contentType: 'application/pdf' })).toMatch(/is a PDF document/);
    expect(answerRefusal('q.jpg', { fileUrl: '/media/ab.pdf' })).toMatch(/is a PDF document/);
    expect(answerRefusal('room.jpg', { fileUrl: '/media/ab.jpg' })).toBeUndefined();
  });

  it('says what to do with a photo over the size limit', () => {
    const tooLarge = new ApiError(413, 'Payload Too Large', JSON.stringify({ message: 'The file is larger than 20 MB' }), null);
    const text = uploadFailure('IMG_2040.jpg', tooLarge);
    expect(text).toMatch(/^"IMG_2040.jpg" is too large: The file is larger than 20 MB\. Make it smaller first/);
    expect(text).toContain('2560 pixels');
    expect(uploadFailure('a.jpg', new TypeError('Failed to fetch'))).toMatch(/^"a.jpg" could not be uploaded: The server could not be reached/);
  });
});

describe('the same photo twice', () => {
  it('is attached once, whether it is already there or chosen twice in one go', () => {
    expect(newOnly(['/media/a.jpg'], ['/media/a.jpg', '/media/b.jpg', '/media/b.jpg', '/media/c.jpg'])).toEqual(['/media/b.jpg', '/media/c.jpg']);
    expect(newOnly([], [])).toEqual([]);
  });
});

describe('a phone photo made smaller in the browser', () => {
  it('keeps its shape within the 2560 px the site keeps, and is left alone when it already fits', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: 2560, height: 1920 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1920, height: 2560 });
    expect(fittedSize(2560, 1440)).toBeUndefined();
    expect(fittedSize(1200, 800)).toBeUndefined();
  });
});

describe('editor thumbnails', () => {
  it("offer a photo uploaded in this visit at its stored sizes, and anything else as it is", () => {
    rememberCopies({
      fileUrl: '/media/0123456789abcdef0123456789abcdef.jpg',
      variants: [
        { url: '/media/0123456789abcdef0123456789abcdef-480.webp', width: 480, height: 360, type: 'image/webp' },
        { url: '/media/0123456789abcdef0123456789abcdef-800.webp', width: 800, height: 600, type: 'image/webp' },
      ],
    });
    expect(thumbnailSrcSet('/media/0123456789abcdef0123456789abcdef.jpg')).toBe(
      '/media/0123456789abcdef0123456789abcdef-480.webp 480w, /media/0123456789abcdef0123456789abcdef-800.webp 800w',
    );
    expect(thumbnailSrcSet('/images/hero-1.webp')).toBeUndefined();
  });
});
