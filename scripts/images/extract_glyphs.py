#!/usr/bin/env python3
"""One-off helper: extract the outlines of the letters used by the logo from Cormorant Garamond
(SIL Open Font License; npm package @fontsource/cormorant-garamond, the site's display face) into
logo_glyphs.json, so make_images.py needs no font files.

    npm pack @fontsource/cormorant-garamond && tar xzf fontsource-cormorant-garamond-*.tgz
    python3 scripts/images/extract_glyphs.py package/files/cormorant-garamond-latin-500-normal.woff2
"""
import json
import os
import sys

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont


def main(path):
    f = TTFont(path)
    gs = f.getGlyphSet()
    cmap = f.getBestCmap()
    out = {'unitsPerEm': f['head'].unitsPerEm, 'glyphs': {}}
    for ch in 'NIVASDEGNTUO ':
        name = cmap[ord(ch)]
        pen = SVGPathPen(gs)
        gs[name].draw(pen)
        out['glyphs'][ch] = {'d': pen.getCommands(), 'adv': gs[name].width}
    dst = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'logo_glyphs.json')
    with open(dst, 'w') as fh:
        json.dump(out, fh, indent=1)
    print('wrote', dst)


if __name__ == '__main__':
    main(sys.argv[1])
