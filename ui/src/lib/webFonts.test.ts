import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startWebFonts } from './webFonts';

/**
 * `document.fonts.load`, answering each face when the test says so: with the face found, or with
 * none (`missing`: the browser knows no face of that name).
 */
function fontLoader() {
  const pending: { face: string; resolve: (missing?: boolean) => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn(
    (face: string) =>
      new Promise<FontFace[]>((resolve, reject) =>
        pending.push({ face, resolve: (missing) => resolve(missing ? [] : [{} as FontFace]), reject }),
      ),
  );
  Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
  return { load, pending };
}

const html = () => document.documentElement.classList;
const settle = () => new Promise((done) => setTimeout(done, 0));

/** The inline script of index.html's head, which runs before anything is drawn. */
function inlineScript(): { code: string; head: string } {
  const shell = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
  const head = shell.slice(0, shell.indexOf('</head>'));
  return { code: head.match(/<script>([^<]*)<\/script>/)?.[1] ?? '', head };
}

describe('web fonts', () => {
  beforeEach(() => {
    html().remove('fonts');
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'fonts');
    Reflect.deleteProperty(document, 'referrer');
  });

  test('a first page loads the upright faces after its paint and uses them once both are in, with no input', async () => {
    const { load, pending } = fontLoader();
    const started = startWebFonts();
    expect(load.mock.calls.map(([face]) => face)).toEqual([
      '500 1em "Cormorant Garamond Variable"',
      '400 1em "Manrope Variable"',
    ]);
    pending[0]!.resolve();
    await settle();
    // One is not in yet: the page keeps the stand-ins.
    expect(html().contains('fonts')).toBe(false);
    pending[1]!.resolve();
    await started;
    expect(html().contains('fonts')).toBe(true);
  });

  test('a page whose inline script found them cached loads nothing', async () => {
    const { load } = fontLoader();
    html().add('fonts');
    await startWebFonts();
    expect(load).not.toHaveBeenCalled();
  });

  test('a font that fails, or that the stylesheet does not declare, leaves the stand-ins', async () => {
    for (const fail of [
      (p: ReturnType<typeof fontLoader>['pending']) => p[1]!.reject(new Error('network')),
      (p: ReturnType<typeof fontLoader>['pending']) => p[1]!.resolve(true),
    ]) {
      const { pending } = fontLoader();
      const started = startWebFonts();
      pending[0]!.resolve();
      fail(pending);
      await started;
      expect(html().contains('fonts')).toBe(false);
    }
  });

  test.each([
    ['reload', '', true],
    ['back_forward', '', true],
    ['navigate', `${location.origin}/portfolio`, true],
    ['navigate', 'https://www.google.com/', false],
    ['navigate', `${location.origin}.example.net/`, false],
    ['navigate', '', false],
  ])("index.html's inline script: a %s from %j uses the fonts from the first paint: %s", (type, referrer, uses) => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
    Object.defineProperty(document, 'referrer', { configurable: true, value: referrer });
    new Function(inlineScript().code)();
    expect(html().contains('fonts')).toBe(uses);
  });

  test("index.html's inline script runs before the stylesheet and stores nothing", () => {
    const { code, head } = inlineScript();
    expect(head.indexOf('<script>')).toBeLessThan(head.indexOf('<!--studio:head-->'));
    expect(code).not.toMatch(/Storage|cookie/);
  });
});
