"""2D compositions: flat-lays (sketches, swatches, samples), tile boards, the map and the
'visualisation' split (line drawing / render)."""
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from engine import lin, blur, NOISE, finish_array, M_marble, M_wood, hash2


class Flat:
    def __init__(self, W, H, bg_fn, seed=0):
        self.W, self.H = W, H
        yy, xx = np.mgrid[0:H, 0:W]
        self.xx = xx / W
        self.yy = yy / W
        self.img = bg_fn(self.xx, self.yy)
        self.rng = np.random.default_rng(seed)

    def mask(self, draw_fn, ss=2):
        im = Image.new('L', (self.W * ss, self.H * ss), 0)
        d = ImageDraw.Draw(im)
        draw_fn(d, ss)
        return np.asarray(im.resize((self.W, self.H), Image.BOX), float) / 255

    def put(self, m, col, shadow=0.35, off=(0.006, 0.009), soft=0.008):
        if shadow > 0:
            dx, dy = int(off[0] * self.W), int(off[1] * self.W)
            sm = np.roll(np.roll(m, dy, 0), dx, 1)
            sm = blur(sm, soft * self.W)
            self.img *= (1 - shadow * sm)[..., None]
        if callable(col):
            c = col(self.xx, self.yy)
        else:
            c = (lin(col) if isinstance(col, str) else np.asarray(col))[None, None, :]
        self.img = self.img * (1 - m[..., None]) + c * m[..., None]

    def rect(self, cx, cy, w, h, ang, col, shadow=0.35, radius=0):
        pts = rot_rect(cx, cy, w, h, ang)
        m = self.mask(lambda d, s: d.polygon([(x * self.W * s, y * self.W * s) for x, y in pts], fill=255))
        self.put(m, col, shadow)
        return pts

    def circle(self, cx, cy, r, col, shadow=0.35):
        m = self.mask(lambda d, s: d.ellipse([(cx - r) * self.W * s, (cy - r) * self.W * s, (cx + r) * self.W * s,
                                              (cy + r) * self.W * s], fill=255))
        self.put(m, col, shadow)

    def lines(self, segs, col, width=1.0, alpha=0.8):
        m = self.mask(lambda d, s: [d.line([(a * self.W * s, b * self.W * s), (c * self.W * s, e * self.W * s)],
                                           fill=255, width=max(1, int(width * s))) for a, b, c, e in segs])
        c = lin(col)
        self.img = self.img * (1 - alpha * m[..., None]) + c[None, None, :] * alpha * m[..., None]

    def window_light(self, ang=0.5, pitch=0.32, strength=0.22, soft=0.02):
        """soft shadows of window mullions falling across the surface."""
        u = self.xx * math.cos(ang) + self.yy * math.sin(ang)
        v = -self.xx * math.sin(ang) + self.yy * math.cos(ang)
        bars = ((u / pitch) % 1.0 < 0.09) | ((v / (pitch * 1.6)) % 1.0 < 0.06)
        lit = 1 - blur(bars.astype(float), soft * self.W)
        glow = 0.75 + 0.5 * np.exp(-((self.xx - 0.2) ** 2 + (self.yy - 0.1) ** 2) / 0.3)
        self.img *= (glow * (1 - strength + strength * lit) * 1.15)[..., None]

    def finish(self, **kw):
        kw.setdefault('vignette', 0.25)
        kw.setdefault('grain', 1.0)
        kw.setdefault('soft', 0.6)
        return finish_array(self.img, **kw)


def rot_rect(cx, cy, w, h, ang):
    c, s = math.cos(ang), math.sin(ang)
    pts = []
    for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        pts.append((cx + dx * c - dy * s, cy + dx * s + dy * c))
    return pts


def tex2d(mat, scale=3.0):
    def f(xx, yy):
        P = np.stack([xx.ravel() * scale, np.zeros(xx.size), yy.ravel() * scale], 1)
        return mat(P, np.array([0, 1.0, 0])).reshape(xx.shape + (3,))
    return f


def bg_wood(col='#b8946f'):
    m = M_wood(col, plank=0.35, along='x', seam=0.85, var=0.05, grain=0.04)
    return tex2d(m, 2.2)


def bg_linen(col='#e6ddd0'):
    c = lin(col)

    def f(xx, yy):
        k = 1 + 0.04 * (NOISE.fbm(xx * 6, yy * 6, 3) - 0.5)
        return c[None, None, :] * k[..., None]
    return f


def plan_sheet(F, cx, cy, w, h, ang, seed=0):
    pts = F.rect(cx, cy, w, h, ang, '#f4f0e8', shadow=0.3)
    rng = np.random.default_rng(seed)
    c, s = math.cos(ang), math.sin(ang)

    def tp(x, y):  # local (0..1) -> canvas
        lx, ly = (x - 0.5) * w, (y - 0.5) * h
        return cx + lx * c - ly * s, cy + lx * s + ly * c
    segs = []
    # outer walls + rooms
    rects = [(0.1, 0.12, 0.9, 0.85), (0.1, 0.12, 0.45, 0.5), (0.45, 0.12, 0.9, 0.42), (0.1, 0.5, 0.6, 0.85)]
    for x0, y0, x1, y1 in rects:
        for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
            segs.append((*tp(*a), *tp(*b)))
    for i in range(6):
        y = 0.55 + i * 0.045
        segs.append((*tp(0.65, y), *tp(0.86, y)))
    F.lines(segs, '#6d6257', width=1.4, alpha=0.7)
    # furniture blocks
    for x0, y0, x1, y1 in ((0.15, 0.2, 0.3, 0.3), (0.55, 0.2, 0.8, 0.3), (0.2, 0.6, 0.45, 0.75)):
        segs = [(*tp(x0, y0), *tp(x1, y0)), (*tp(x1, y0), *tp(x1, y1)), (*tp(x1, y1), *tp(x0, y1)),
                (*tp(x0, y1), *tp(x0, y0))]
        F.lines(segs, '#a08f7c', width=1.0, alpha=0.6)


def swatch_fan(F, px, py, cols, a0=-0.6, a1=0.5, L=0.26, w=0.05):
    for i, c in enumerate(cols):
        a = a0 + (a1 - a0) * i / max(1, len(cols) - 1)
        cx = px + math.cos(a) * L / 2
        cy = py + math.sin(a) * L / 2
        F.rect(cx, cy, L, w, a, c, shadow=0.25)
    F.circle(px, py, 0.008, '#b08d57', shadow=0.2)


def pencil(F, cx, cy, L, ang):
    F.rect(cx, cy, L, 0.008, ang, '#2f2a26', shadow=0.3)
    ex = cx + math.cos(ang) * L / 2
    ey = cy + math.sin(ang) * L / 2
    F.rect(ex, ey, 0.025, 0.008, ang, '#b08d57', shadow=0.0)


def cup(F, cx, cy, r=0.045):
    F.circle(cx, cy, r * 1.5, '#efe9df', shadow=0.3)
    F.circle(cx, cy, r, '#f4efe6', shadow=0.0)
    F.circle(cx, cy, r * 0.82, '#5a3f2d', shadow=0.0)
    F.rect(cx + r * 1.1, cy, r * 0.6, r * 0.35, 0, '#f4efe6', shadow=0.15)


def sprig(F, cx, cy, ang, n=7, seed=0):
    rng = np.random.default_rng(seed)
    F.lines([(cx, cy, cx + math.cos(ang) * 0.18, cy + math.sin(ang) * 0.18)], '#5a5d43', width=2, alpha=0.9)
    for i in range(n):
        t = (i + 1) / (n + 1) * 0.18
        bx, by = cx + math.cos(ang) * t, cy + math.sin(ang) * t
        side = 1 if i % 2 else -1
        la = ang + side * 0.9
        F.rect(bx + math.cos(la) * 0.018, by + math.sin(la) * 0.018, 0.04, 0.016, la, '#6b7150', shadow=0.2)


def flatlay(W, H, variant=0, seed=0):
    F = Flat(W, H, bg_wood() if variant in (0, 2) else bg_linen(), seed)
    a = W / H
    if variant == 0:
        plan_sheet(F, 0.36, 0.3, 0.42, 0.3, -0.08, seed)
        plan_sheet(F, 0.62, 0.44, 0.36, 0.26, 0.12, seed + 1)
        swatch_fan(F, 0.78, 0.14, ['#efe7da', '#ddd0bc', '#c7b49a', '#a39482', '#b5694a', '#6b4a33', '#3a342e'])
        pencil(F, 0.3, 0.56, 0.22, 0.35)
        cup(F, 0.12, 0.6)
        sprig(F, 0.86, 0.6, -2.4, seed=seed)
        F.rect(0.52, 0.68, 0.28, 0.018, -0.05, '#b08d57', shadow=0.3)
    elif variant == 1:
        # material samples
        F.rect(0.3, 0.32, 0.2, 0.2, 0.05, tex2d(M_marble('#ece6dc', '#a99e8f', scale=0.5), 3), shadow=0.4)
        F.rect(0.52, 0.28, 0.18, 0.12, -0.1, tex2d(M_wood('#9a7555', plank=0.5, along='x', seam=1.0, grain=0.08), 4),
               shadow=0.4)
        F.rect(0.5, 0.5, 0.16, 0.16, 0.2, '#b5694a', shadow=0.4)
        F.rect(0.72, 0.42, 0.14, 0.2, -0.15, '#d9cfc0', shadow=0.35)
        F.rect(0.72, 0.42, 0.14, 0.2, -0.15, tex2d(lambda P, n: linen_tex(P), 3), shadow=0.0)
        F.rect(0.3, 0.58, 0.16, 0.1, 0.3, '#8e957c', shadow=0.35)
        F.rect(0.82, 0.18, 0.2, 0.03, 0.4, '#b08d57', shadow=0.35)
        F.circle(0.15, 0.15, 0.05, '#3a342e', shadow=0.35)
        plan_sheet(F, 0.12, 0.5, 0.18, 0.26, 0.2, seed)
        pencil(F, 0.6, 0.65, 0.2, -0.2)
    else:
        plan_sheet(F, 0.5, 0.34, 0.5, 0.36, 0.03, seed)
        swatch_fan(F, 0.15, 0.55, ['#efe7da', '#d8cbb6', '#b9a48a', '#8e957c', '#b5694a'], a0=-1.2, a1=-0.2)
        cup(F, 0.86, 0.2)
        pencil(F, 0.62, 0.62, 0.24, -0.05)
        F.rect(0.85, 0.55, 0.14, 0.14, 0.3, tex2d(M_marble('#ece6dc', '#a99e8f', scale=0.5), 3), shadow=0.4)
    F.window_light(ang=0.6 + variant * 0.2)
    return F.finish()


def linen_tex(P):
    c = lin('#d9cfc0')
    k = 1 + 0.06 * np.sin(P[:, 0] * 400) * np.sin(P[:, 2] * 400)
    return c[None, :] * k[:, None]


def tile_board(W, H, seed=0):
    F = Flat(W, H, bg_linen('#e4dbce'), seed)
    mats = [
        tex2d(M_marble('#efe9e0', '#a99e8f', scale=0.5), 3),
        '#b5694a',
        tex2d(M_marble('#3b3734', '#8d857b', scale=0.5, strength=0.4), 3),
        '#8e957c',
        '#e9e1d3',
        tex2d(M_marble('#d9c8ae', '#b59f80', scale=0.4, strength=0.5, seed=2), 3),
        '#c78b6c',
        '#cfc6b8',
        tex2d(lambda P, n: zellige(P), 3),
    ]
    ar = H / W
    k = 0
    for r in range(3):
        for c in range(4):
            cx = 0.17 + c * 0.22
            cy = (0.2 + r * 0.28) * ar / 0.75
            cyc = 0.12 + r * 0.26
            m = mats[k % len(mats)]
            F.rect(cx, cyc, 0.17, 0.17 * (1 if (r + c) % 3 else 0.5), 0.0, m, shadow=0.4)
            k += 1
    F.window_light(ang=0.7, strength=0.18)
    return F.finish()


def zellige(P):
    c = lin('#9aa79a')
    u = P[:, 0] * 6
    v = P[:, 2] * 6
    tone = 1 + 0.18 * (hash2(np.floor(u), np.floor(v)) - 0.5) * 2
    g = ((u % 1) < 0.04) | ((v % 1) < 0.04)
    out = c[None, :] * tone[:, None]
    out[g] = lin('#e8e0d3')
    return out


# ------------------------------------------------------------------ map

def street_map(W, H):
    ss = 2
    im = Image.new('RGB', (W * ss, H * ss), '#ece4d7')
    d = ImageDraw.Draw(im)
    rng = np.random.default_rng(21)
    S = lambda x, y: (x * W * ss, y * H * ss)
    # blocks tint
    for i in range(60):
        x, y = rng.random(), rng.random()
        w, h = 0.05 + 0.08 * rng.random(), 0.04 + 0.08 * rng.random()
        d.rectangle([S(x, y), S(x + w, y + h)], fill='#e6ddcf')
    # park + lake
    d.ellipse([S(0.06, 0.08), S(0.34, 0.46)], fill='#d3d4bd')
    d.polygon([S(0.7, 0.62), S(0.86, 0.58), S(0.98, 0.7), S(0.95, 0.9), S(0.8, 0.95), S(0.68, 0.82)], fill='#c9d0c9')
    d.ellipse([S(0.13, 0.16), S(0.26, 0.36)], fill='#c8cab0')

    def road(pts, w, col='#fbf7f0', edge='#d9cfbf'):
        P = [S(x, y) for x, y in pts]
        d.line(P, fill=edge, width=int((w + 3) * ss), joint='curve')
        d.line(P, fill=col, width=int(w * ss), joint='curve')

    def curve(a, b, c, n=30):
        t = np.linspace(0, 1, n)[:, None]
        a, b, c = map(np.array, (a, b, c))
        return list(map(tuple, (1 - t) ** 2 * a + 2 * (1 - t) * t * b + t ** 2 * c))
    minor = []
    for i in range(9):
        y = 0.05 + i * 0.11
        minor.append(curve((-0.05, y), (0.5, y + 0.06 * math.sin(i)), (1.05, y - 0.03)))
    for i in range(11):
        x = 0.03 + i * 0.095
        minor.append(curve((x, -0.05), (x + 0.04 * math.cos(i), 0.5), (x - 0.02, 1.05)))
    for r in minor:
        road(r, 5)
    road(curve((-0.05, 0.7), (0.45, 0.48), (1.05, 0.38)), 14, '#fdfaf4', '#d3c6b2')
    road(curve((0.38, -0.05), (0.5, 0.5), (0.44, 1.05)), 11, '#fdfaf4', '#d3c6b2')
    road(curve((-0.05, 0.22), (0.6, 0.3), (1.05, 0.1)), 9, '#fdfaf4', '#d3c6b2')
    # pin
    px, py = 0.5, 0.5
    shadow = Image.new('L', im.size, 0)
    ImageDraw.Draw(shadow).ellipse([S(px - 0.03, py - 0.012), S(px + 0.03, py + 0.02)], fill=110)
    shadow = shadow.filter(ImageFilter.GaussianBlur(8 * ss))
    im = Image.composite(Image.new('RGB', im.size, '#6d6052'), im, shadow)
    d = ImageDraw.Draw(im)
    r = 0.028
    cx, cy = px, py - 0.09
    rx = r * H / W
    d.polygon([S(cx - rx * 0.92, cy + r * 0.4), S(px, py), S(cx + rx * 0.92, cy + r * 0.4)], fill='#b5694a')
    d.ellipse([S(cx - rx, cy - r * 1.0), S(cx + rx, cy + r * 1.0)], fill='#b5694a')
    d.ellipse([S(cx - rx * 0.4, cy - r * 0.4), S(cx + rx * 0.4, cy + r * 0.4)], fill='#f6efe4')
    # subtle halo
    d.ellipse([S(px - 0.012, py - 0.006), S(px + 0.012, py + 0.006)], fill='#8f4f36')
    return im.resize((W, H), Image.LANCZOS)


def visualization_split(render_img):
    """left: architectural line drawing derived from the render; right: the render."""
    a = np.asarray(render_img, float) / 255
    lum = a.mean(2)
    gx = np.abs(np.diff(lum, axis=1, append=lum[:, -1:]))
    gy = np.abs(np.diff(lum, axis=0, append=lum[-1:, :]))
    e = np.clip((gx + gy - 0.02) * 18, 0, 1)
    H, W = lum.shape
    paper = np.array([0.95, 0.93, 0.89])
    ink = np.array([0.33, 0.3, 0.27])
    yy, xx = np.mgrid[0:H, 0:W]
    grid = (((xx % 40) == 0) | ((yy % 40) == 0)) * 0.035
    drawing = paper[None, None, :] * (1 - grid[..., None]) * (1 - e[..., None]) + ink[None, None, :] * e[..., None]
    split = 0.46 * W + (yy - H / 2) * 0.18
    t = np.clip((xx - split) / 30.0, 0, 1)[..., None]
    out = drawing * (1 - t) + a * t
    # thin brass divider
    dv = np.exp(-((xx - split - 15) ** 2) / 3.0)[..., None]
    out = out * (1 - dv * 0.8) + np.array([0.69, 0.55, 0.34])[None, None, :] * dv * 0.8
    return Image.fromarray(np.clip(out * 255 + 0.5, 0, 255).astype(np.uint8))
