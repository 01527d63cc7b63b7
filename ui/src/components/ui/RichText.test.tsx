import { render } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerFuture } from '../../app/routes';
import { parseInline, RichText } from './RichText';

function html(text: string): string {
  const { container } = render(
    <MemoryRouter future={routerFuture}>
      <p>
        <RichText text={text} />
      </p>
    </MemoryRouter>,
  );
  return container.querySelector('p')!.innerHTML;
}

describe('RichText', () => {
  it('is plain text without markup', () => {
    expect(html('Calm, light-filled rooms.')).toBe('Calm, light-filled rooms.');
  });

  it('sets *emphasis* in <em>', () => {
    expect(html('Good design is *not* a style.')).toBe('Good design is <em>not</em> a style.');
  });

  it('links a site path through the router and an https address with rel=noopener', () => {
    const inside = html('See [our work](/portfolio).');
    expect(inside).toMatch(/^See <a [^>]*href="\/portfolio"[^>]*>our work<\/a>\.$/);
    expect(inside).not.toContain('rel=');
    const outside = html('Read [the review](https://example.com/review).');
    expect(outside).toContain('href="https://example.com/review"');
    expect(outside).toContain('rel="noopener"');
  });

  it('shows HTML as text, never as markup', () => {
    const shown = html('<img src=x onerror=alert(1)> *<b>bold</b>*');
    expect(shown).toBe('&lt;img src=x onerror=alert(1)&gt; <em>&lt;b&gt;bold&lt;/b&gt;</em>');
  });

  it('leaves unsafe, unclosed and lone markers as written', () => {
    expect(parseInline('[x](javascript:alert(1))')).toEqual([{ kind: 'text', text: '[x](javascript:alert(1))' }]);
    expect(parseInline('[x](//evil.example)')).toEqual([{ kind: 'text', text: '[x](//evil.example)' }]);
    expect(parseInline('[open](/about')).toEqual([{ kind: 'text', text: '[open](/about' }]);
    expect(parseInline('5 * 3 = 15, a * b')).toEqual([{ kind: 'text', text: '5 * 3 = 15, a * b' }]);
    expect(parseInline('2 ** 3')).toEqual([{ kind: 'text', text: '2 ** 3' }]);
  });
});
