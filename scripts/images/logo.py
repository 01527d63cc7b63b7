"""logo.svg: 'N' monogram in a fine brass ring + letterspaced NIVASA wordmark.

One brass colour on a transparent background: it reads on the translucent dark header and on
white. Glyph outlines come from logo_glyphs.json (Cormorant Garamond, OFL; see extract_glyphs.py)."""
import json
import os

BRASS = '#B89562'


def _glyphs():
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'logo_glyphs.json')) as fh:
        return json.load(fh)


def _text(g, s, x, baseline, size, tracking=0.0):
    """returns (svg path elements, end x). Font units are y-up; flip into SVG."""
    upm = g['unitsPerEm']
    k = size / upm
    parts = []
    for ch in s:
        gl = g['glyphs'][ch]
        if gl['d']:
            parts.append(f'<path transform="translate({x:.2f} {baseline:.2f}) scale({k:.5f} {-k:.5f})" d="{gl["d"]}"/>')
        x += gl['adv'] * k + tracking
    return parts, x


def write_logo(path):
    g = _glyphs()
    parts = []
    # monogram: ring + N
    cx, cy, r = 40, 40, 36
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{BRASS}" stroke-width="1.6"/>')
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r - 4.5}" fill="none" stroke="{BRASS}" stroke-width="0.6"/>')
    n = g['glyphs']['N']
    size = 50
    w = n['adv'] * size / g['unitsPerEm']
    p, _ = _text(g, 'N', cx - w / 2, cy + size * 0.33, size)
    parts += p
    # wordmark
    p, xend = _text(g, 'NIVASA', 96, 46, 34, tracking=9.0)
    parts += p
    # hairline + small caps line
    parts.append(f'<rect x="97" y="56" width="{xend - 9 - 97:.1f}" height="0.8" fill="{BRASS}"/>')
    p2, x2 = _text(g, 'DESIGN STUDIO', 0, 0, 11, tracking=4.2)
    total = x2 - 4.2
    start = 97 + ((xend - 9 - 97) - total) / 2
    p2, _ = _text(g, 'DESIGN STUDIO', start, 71, 11, tracking=4.2)
    parts += p2
    W = int(xend - 9 + 6)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} 80" width="{W}" height="80" role="img" '
           f'aria-label="Nivasa Design Studio">\n<title>Nivasa Design Studio</title>\n'
           f'<g fill="{BRASS}">\n' + '\n'.join(parts) + '\n</g>\n</svg>\n')
    with open(path, 'w') as fh:
        fh.write(svg)
