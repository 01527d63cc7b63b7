import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CACHED_KEY, startWebFonts } from './webFonts';

/** `document.fonts.load`, answering each face when the test says so. */
function fontLoader() {
  const pending: { face: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn(
    (face: string) =>
      new Promise<FontFace[]>((resolve, reject) => pending.push({ face, resolve: () => resolve([]), reject })),
  );
  Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
  return { load, pending };
}

const html = () => document.documentElement.classList;
const settle = () => new Promise((done) => setTimeout(done, 0));

describe('web fonts', () => {
  beforeEach(() => {
    localStorage.clear();
    html().remove('fonts');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'fonts');
  });

  test('a first page loads them after its paint and swaps them in at the first click only', async () => {
    const { load, pending } = fontLoader();
    const started = startWebFonts();
    expect(load.mock.calls.map(([face]) => face)).toEqual([
      '500 1em "Cormorant Garamond Variable"',
      'italic 500 1em "Cormorant Garamond Variable"',
      '400 1em "Manrope Variable"',
    ]);
    pending[0]!.resolve();
    pending[1]!.resolve();
    await settle();
    // Not all in: a click changes nothing yet.
    document.body.click();
    expect(html().contains('fonts')).toBe(false);
    expect(localStorage.getItem(CACHED_KEY)).toBeNull();
    pending[2]!.resolve();
    await started;
    // Loaded, remembered, and still not used: the visitor may be reading.
    expect(localStorage.getItem(CACHED_KEY)).toBe('1');
    expect(html().contains('fonts')).toBe(false);
    document.body.click();
    expect(html().contains('fonts')).toBe(true);
  });

  test("index.html's inline script reads the same mark, before anything is drawn", () => {
    const shell = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
    const head = shell.slice(0, shell.indexOf('</head>'));
    const inline = head.match(/<script>([^<]*)<\/script>/)?.[1] ?? '';
    expect(inline).toContain(`localStorage.getItem('${CACHED_KEY}')`);
    expect(inline).toContain("classList.add('fonts')");
    // Before the stylesheet: the first paint already has the class.
    expect(head.indexOf('<script>')).toBeLessThan(head.indexOf('<!--studio:head-->'));
  });

  test('a page whose inline script found them cached loads nothing', async () => {
    const { load } = fontLoader();
    html().add('fonts');
    await startWebFonts();
    expect(load).not.toHaveBeenCalled();
  });

  test('a font that fails leaves the stand-ins, even after a click', async () => {
    const { pending } = fontLoader();
    const started = startWebFonts();
    pending[0]!.resolve();
    pending[1]!.reject(new Error('network'));
    pending[2]!.resolve();
    await started;
    document.body.click();
    expect(html().contains('fonts')).toBe(false);
    expect(localStorage.getItem(CACHED_KEY)).toBeNull();
  });

  test('refused storage still swaps at the click', async () => {
    const { pending } = fontLoader();
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    const started = startWebFonts();
    pending.forEach((p) => p.resolve());
    await started;
    document.body.click();
    expect(html().contains('fonts')).toBe(true);
  });
});
