"""Tiny deterministic interior renderer (numpy + Pillow).

A pinhole camera looks straight down +z (one-point perspective, vertical lines stay
vertical like an architectural shift lens). The room shell (floor, ceiling, walls) is
ray-traced per pixel in linear light; furniture is made of planar faces that are
rasterised with supersampled masks and shaded per pixel with the same lighting model:
hemispherical ambient + window area lights + a sun patch that falls through the window
mullions, with soft object shadows and contact occlusion on the floor.
"""
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter


# ---------------------------------------------------------------- colour helpers

def lin(h):
    """'#rrggbb' (sRGB) -> linear RGB numpy vector."""
    h = h.lstrip('#')
    return np.array([int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4)]) ** 2.2


def mix(a, b, t):
    return a + (b - a) * t


def hash2(a, b):
    v = np.sin(a * 12.9898 + b * 78.233) * 43758.5453
    return v - np.floor(v)


# ---------------------------------------------------------------- blur & noise

def _box(a, r, axis):
    pad = [(0, 0)] * a.ndim
    pad[axis] = (r + 1, r)
    p = np.pad(a, pad, mode='edge')
    c = np.cumsum(p, axis=axis)
    n = a.shape[axis]
    hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
    lo = np.take(c, np.arange(0, n), axis=axis)
    return (hi - lo) / (2 * r + 1)


def blur(a, s):
    """Approximate gaussian blur (3 box passes per axis)."""
    if s < 0.5:
        return a
    r = max(1, int(round((math.sqrt(4 * s * s + 1) - 1) / 2)))
    for axis in (0, 1):
        for _ in range(3):
            a = _box(a, r, axis)
    return a


class Noise:
    def __init__(self, seed):
        rng = np.random.default_rng(seed)
        g = rng.random((257, 257))
        g[256, :] = g[0, :]
        g[:, 256] = g[:, 0]
        self.g = g

    def __call__(self, x, y):
        x = np.asarray(x, float) % 256
        y = np.asarray(y, float) % 256
        xi = np.floor(x).astype(int)
        yi = np.floor(y).astype(int)
        xf = x - xi
        yf = y - yi
        xi = np.clip(xi, 0, 255)
        yi = np.clip(yi, 0, 255)
        u = xf * xf * (3 - 2 * xf)
        v = yf * yf * (3 - 2 * yf)
        g = self.g
        a = g[yi, xi]
        b = g[yi, xi + 1]
        c = g[yi + 1, xi]
        d = g[yi + 1, xi + 1]
        return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v

    def fbm(self, x, y, octaves=4):
        s = 0.0
        amp = 0.5
        f = 1.0
        tot = 0.0
        for i in range(octaves):
            s = s + amp * self(x * f + i * 17.31, y * f + i * 9.13)
            tot += amp
            amp *= 0.5
            f *= 2.0
        return s / tot


NOISE = Noise(7)


def plane_uv(P, n):
    n = np.asarray(n, float)
    if n.ndim == 1:
        if abs(n[1]) > 0.7:
            return P[:, 0], P[:, 2]
        if abs(n[0]) > 0.7:
            return P[:, 2], P[:, 1]
        return P[:, 0], P[:, 1]
    return P[:, 0] + P[:, 2], P[:, 1]


# ---------------------------------------------------------------- materials
# A material is f(P (N,3), n) -> albedo (N,3) in linear RGB.

def M_flat(col, var=0.04, sc=0.9, seed=0):
    c = lin(col) if isinstance(col, str) else np.asarray(col)

    def f(P, n):
        u, v = plane_uv(P, n)
        k = 1 + var * (NOISE.fbm(u * sc + seed * 31, v * sc + seed * 7, 3) - 0.5) * 2
        return c[None, :] * k[:, None]
    return f


def M_wood(col, plank=0.16, along='z', var=0.10, grain=0.05, seam=0.55, length=1.4, seed=0):
    c = lin(col)

    def f(P, n):
        if abs(np.asarray(n)[1]) > 0.7:
            u, v = (P[:, 0], P[:, 2]) if along == 'z' else (P[:, 2], P[:, 0])
        else:
            u, v = plane_uv(P, n)
            if along == 'y':
                u, v = u, v
            else:
                u, v = v, u
        idx = np.floor(u / plank)
        off = hash2(idx, 3.7 + seed) * length
        seg = np.floor((v + off) / length)
        tone = 1 + var * (hash2(idx + 0.31 * seg, seg + seed) - 0.5) * 2
        g = NOISE.fbm(u * 3.0 + seed, v * 0.25, 3)
        gr = 1 + grain * np.sin(u * 90 + g * 14)
        fr = (u / plank) % 1.0
        fv = ((v + off) / length) % 1.0
        s = np.where((fr < 0.025) | (fr > 0.975), seam, 1.0)
        if seam < 1:
            s = s * np.where((fv < 0.004) | (fv > 0.996), 0.75, 1.0)
        return c[None, :] * (tone * gr * s)[:, None]
    return f


def M_marble(base, vein, scale=1.0, strength=0.6, seed=0, sharp=10):
    b = lin(base)
    vc = lin(vein)

    def f(P, n):
        u, v = plane_uv(P, n)
        u = u / scale
        v = v / scale
        t = NOISE.fbm(u * 0.9 + seed * 13, v * 0.9 + seed * 5, 5)
        s = np.sin((u * 1.3 + v * 0.8 + t * 7.0) * 2.2)
        vein_m = (1 - np.abs(s)) ** sharp
        t2 = NOISE.fbm(u * 2.5 + 40 + seed, v * 2.5, 3)
        s2 = np.sin((u * 0.6 - v * 1.1 + t2 * 6) * 3.0)
        vein_m = np.maximum(vein_m, 0.5 * (1 - np.abs(s2)) ** (sharp * 2))
        cloud = 1 + 0.05 * (t - 0.5)
        m = (vein_m * strength)[:, None]
        return (b[None, :] * cloud[:, None]) * (1 - m) + vc[None, :] * m
    return f


def M_tiles(col, tw=0.6, th=0.6, grout='#d8d0c4', gw=0.004, var=0.05, inner=None, stagger=0.0, seed=0):
    g = lin(grout)
    c = lin(col)

    def f(P, n):
        u, v = plane_uv(P, n)
        row = np.floor(v / th)
        uu = u + row * stagger * tw
        col_i = np.floor(uu / tw)
        tone = 1 + var * (hash2(col_i + seed, row) - 0.5) * 2
        base = inner(P, n) if inner is not None else c[None, :].repeat(len(u), 0)
        fu = uu - col_i * tw
        fv = v - row * th
        gm = (fu < gw) | (fu > tw - gw) | (fv < gw) | (fv > th - gw)
        out = base * tone[:, None]
        out[gm] = g
        return out
    return f


def M_herringbone(col, w=0.09, L=0.45, var=0.12, seed=0):
    c = lin(col)

    def f(P, n):
        u, v = plane_uv(P, n)
        a = (u + v) / math.sqrt(2)
        b = (v - u) / math.sqrt(2)
        cell = np.floor(a / L)
        dirflip = (cell % 2 == 0)
        k = np.where(dirflip, np.floor((b + cell * w) / w), np.floor((b - cell * w) / w) + 0.5)
        tone = 1 + var * (hash2(cell + seed, k) - 0.5) * 2
        fa = (a / L) % 1.0
        fb = (np.where(dirflip, b + cell * w, b - cell * w) / w) % 1.0
        seam = np.where((fa < 0.02) | (fb < 0.06), 0.72, 1.0)
        gr = 1 + 0.04 * np.sin(np.where(dirflip, a, b) * 120 + NOISE(u * 4, v * 4) * 6)
        return c[None, :] * (tone * seam * gr)[:, None]
    return f


def M_slats(col, pitch=0.06, gap=0.25, groove=0.35, axis='v', var=0.06):
    c = lin(col)

    def f(P, n):
        u, v = plane_uv(P, n)
        if axis == 'h':
            u = v
        fr = (u / pitch) % 1.0
        idx = np.floor(u / pitch)
        tone = 1 + var * (hash2(idx, 1.3) - 0.5) * 2
        shade = np.where(fr < gap, groove, 1.0 - 0.12 * (fr - gap))
        return c[None, :] * (tone * shade)[:, None]
    return f


def M_fluted(col, pitch=0.05, depth=0.25):
    c = lin(col)

    def f(P, n):
        u, v = plane_uv(P, n)
        s = 0.5 + 0.5 * np.cos((u / pitch) * 2 * math.pi)
        return c[None, :] * (1 - depth * s ** 2)[:, None]
    return f


def M_curtain(col, pitch=0.14, depth=0.18):
    c = lin(col)

    def f(P, n):
        u, v = plane_uv(P, n)
        w = NOISE(u * 2, 3.3) * 2
        s = np.sin(u / pitch * 2 * math.pi + w)
        return c[None, :] * (1 - depth * (0.5 + 0.5 * s))[:, None]
    return f


def M_gradient_y(c0, c1, y0, y1):
    a = lin(c0)
    b = lin(c1)

    def f(P, n):
        t = np.clip((P[:, 1] - y0) / (y1 - y0), 0, 1)[:, None]
        return a[None, :] * (1 - t) + b[None, :] * t
    return f


def M_func(fn):
    """wrap a function of (u, v) -> albedo (N,3) in linear."""
    def f(P, n):
        u, v = plane_uv(P, n)
        return fn(u, v)
    return f


# ---------------------------------------------------------------- scene

class Window:
    def __init__(self, wall, a0, a1, y0, y1, cols=2, rows=1, frame='#2f2b27', mw=0.045,
                 sky=('#f6eee0', '#e9dcc4'), trees='#7d8467', tree_h=0.45, intensity=1.0, sheer=0.0,
                 seed=3, arch=False):
        self.arch = arch
        self.wall, self.a0, self.a1, self.y0, self.y1 = wall, a0, a1, y0, y1
        self.cols, self.rows, self.frame, self.mw = cols, rows, lin(frame), mw
        self.sky = (lin(sky[0]), lin(sky[1]))
        self.trees = lin(trees) if trees else None
        self.tree_h = tree_h
        self.intensity = intensity
        self.sheer = sheer
        self.seed = seed

    def is_mullion(self, a, y):
        wa = self.a1 - self.a0
        wy = self.y1 - self.y0
        fa = (a - self.a0) / wa * self.cols
        fy = (y - self.y0) / wy * self.rows
        da = np.minimum(fa % 1, 1 - fa % 1) * wa / self.cols
        dy = np.minimum(fy % 1, 1 - fy % 1) * wy / self.rows
        edge = (a - self.a0 < self.mw) | (self.a1 - a < self.mw) | (y - self.y0 < self.mw) | (self.y1 - y < self.mw)
        if self.arch:
            rad = (self.a1 - self.a0) / 2
            ys = self.y1 - rad
            cx = (self.a0 + self.a1) / 2
            rr = np.sqrt((a - cx) ** 2 + (y - ys) ** 2)
            edge = (a - self.a0 < self.mw) | (self.a1 - a < self.mw) | (y - self.y0 < self.mw) | \
                ((y > ys) & (rr > rad - self.mw))
            return (da < self.mw / 2) | edge | (np.abs(y - ys) < self.mw / 2)
        return (da < self.mw / 2) | (dy < self.mw / 2) | edge

    def inside(self, a, y):
        r = (a >= self.a0) & (a <= self.a1) & (y >= self.y0) & (y <= self.y1)
        if self.arch:
            rad = (self.a1 - self.a0) / 2
            ys = self.y1 - rad
            cx = (self.a0 + self.a1) / 2
            r = r & ((y <= ys) | ((a - cx) ** 2 + (y - ys) ** 2 <= rad * rad))
        return r

    def view(self, a, y):
        t = np.clip((y - self.y0) / (self.y1 - self.y0), 0, 1)
        sky = self.sky[1][None, :] * (1 - t[:, None]) + self.sky[0][None, :] * t[:, None]
        sky = sky * 2.4 * self.intensity
        if self.trees is not None:
            h = self.tree_h + 0.25 * (NOISE.fbm(a * 1.3 + self.seed * 10, 1.0, 4) - 0.5)
            m = np.clip((h - t) * 6 + 0.5 * (NOISE.fbm(a * 4, y * 4, 3) - 0.5) * 4, 0, 1)
            tr = self.trees[None, :] * (0.9 + 0.6 * NOISE.fbm(a * 3, y * 3, 3))[:, None] * 1.2 * self.intensity
            sky = sky * (1 - m[:, None]) + tr * m[:, None]
        if self.sheer > 0:
            s = 1 + 0.12 * np.sin(a * 40)
            linen = np.array([1.9, 1.8, 1.62]) * self.intensity
            sky = sky * (1 - self.sheer) + linen[None, :] * s[:, None] * self.sheer
        return sky


class Scene:
    def __init__(self, W, H, cam=(0.0, 1.3, 0.0), hfov=70, shift=0.0, seed=1,
                 room=(-2.5, 2.5, 2.8, 6.0), sun=None, sun_col='#ffd9a8', sun_int=3.0,
                 amb=0.22, amb_col='#f1e6d6', win_int=2.2, win_col='#fff1dc', ss=2):
        self.W, self.H = W, H
        self.O = np.array(cam, float)
        self.f = (W / 2) / math.tan(math.radians(hfov) / 2)
        self.cx = W / 2
        self.cy = H / 2 + shift * H
        self.img = np.zeros((H, W, 3))
        self.rng = np.random.default_rng(seed)
        self.xl, self.xr, self.h, self.D = room
        self.mats = {}
        self.windows = []
        self.sun = None if sun is None else np.asarray(sun, float) / np.linalg.norm(sun)
        self.sun_col = lin(sun_col) * sun_int
        self.amb = amb * lin(amb_col) / lin(amb_col).max()
        self.win_int = win_int
        self.win_col = lin(win_col) / lin(win_col).max()
        self.objects = []  # (depth, list of draw callables)
        self.glows = []
        self.shadow = np.zeros((H, W))
        self.ao = np.ones((H, W))
        self.ss = ss
        self.floor_reflect = 0.0
        self.extra_lights = []  # (pos, colour*intensity)
        self.ceiling_light = 0.0

    # ---------------------------------------------------------- projection
    def proj(self, P):
        P = np.asarray(P, float)
        d = P - self.O
        z = np.maximum(d[..., 2], 1e-4)
        return np.stack([self.cx + self.f * d[..., 0] / z, self.cy - self.f * d[..., 1] / z], -1)

    def rays(self, x0, y0, x1, y1):
        u, v = np.meshgrid(np.arange(x0, x1) + 0.5, np.arange(y0, y1) + 0.5)
        return np.stack([(u - self.cx) / self.f, -(v - self.cy) / self.f, np.ones_like(u)], -1)

    def clip_near(self, pts, near=0.15):
        out = []
        n = len(pts)
        zc = self.O[2] + near
        for i in range(n):
            a = pts[i]
            b = pts[(i + 1) % n]
            ina = a[2] >= zc
            inb = b[2] >= zc
            if ina:
                out.append(a)
            if ina != inb:
                t = (zc - a[2]) / (b[2] - a[2])
                out.append(a + (b - a) * t)
        return np.array(out)

    def mask2d(self, pts2d, full=False):
        """supersampled polygon mask; returns (x0, y0, x1, y1, mask) or None."""
        ss = self.ss
        xs = pts2d[:, 0]
        ys = pts2d[:, 1]
        x0 = max(0, int(math.floor(xs.min())))
        y0 = max(0, int(math.floor(ys.min())))
        x1 = min(self.W, int(math.ceil(xs.max())) + 1)
        y1 = min(self.H, int(math.ceil(ys.max())) + 1)
        if full:
            x0, y0, x1, y1 = 0, 0, self.W, self.H
        if x1 <= x0 or y1 <= y0:
            return None
        w = x1 - x0
        h = y1 - y0
        im = Image.new('L', (w * ss, h * ss), 0)
        pp = [((x - x0) * ss, (y - y0) * ss) for x, y in pts2d]
        # keep coordinates sane for PIL
        pp = [(min(max(x, -1e6), 1e6), min(max(y, -1e6), 1e6)) for x, y in pp]
        ImageDraw.Draw(im).polygon(pp, fill=255)
        if ss > 1:
            im = im.resize((w, h), Image.BOX)
        return x0, y0, x1, y1, np.asarray(im, float) / 255.0

    def floor_mask(self, pts_xz, full=True):
        pts = np.array([[x, 0.0, z] for x, z in pts_xz])
        pts = self.clip_near(pts)
        if len(pts) < 3:
            return None
        return self.mask2d(self.proj(pts), full=full)

    # ---------------------------------------------------------- lighting
    def sunlit(self, P):
        if self.sun is None:
            return np.zeros(len(P))
        if getattr(self, 'outdoor', False):
            return np.ones(len(P))
        acc = np.zeros(len(P))
        jit = [(0, 0), (0.035, 0.0), (-0.035, 0.0), (0.0, 0.035), (0.0, -0.035)]
        for jx, jz in jit:
            L = self.sun + np.array([jx, 0.0, jz])
            L = L / np.linalg.norm(L)
            acc += self._sunlit(P, L)
        return acc / len(jit)

    def _sunlit(self, P, L):
        res = np.zeros(len(P))
        for w in self.windows:
            if w.wall == 'left' and L[0] > 1e-3:
                s = (P[:, 0] - self.xl) / L[0]
                Q = P - s[:, None] * L
                a, y = Q[:, 2], Q[:, 1]
            elif w.wall == 'right' and L[0] < -1e-3:
                s = (P[:, 0] - self.xr) / L[0]
                Q = P - s[:, None] * L
                a, y = Q[:, 2], Q[:, 1]
            elif w.wall == 'back' and L[2] < -1e-3:
                s = (P[:, 2] - self.D) / L[2]
                Q = P - s[:, None] * L
                a, y = Q[:, 0], Q[:, 1]
            else:
                continue
            ok = (s > 0.02) & w.inside(a, y) & ~w.is_mullion(a, y)
            res = np.maximum(res, ok.astype(float) * (1 - 0.55 * w.sheer))
        return res

    def window_geom(self, w):
        """sample points, inward normal, area."""
        if w.wall == 'left':
            nrm = np.array([1.0, 0, 0])
            pts = [np.array([self.xl, y, a]) for a in np.linspace(w.a0, w.a1, 5)[1::2] for y in np.linspace(w.y0, w.y1, 5)[1::2]]
        elif w.wall == 'right':
            nrm = np.array([-1.0, 0, 0])
            pts = [np.array([self.xr, y, a]) for a in np.linspace(w.a0, w.a1, 5)[1::2] for y in np.linspace(w.y0, w.y1, 5)[1::2]]
        else:
            nrm = np.array([0, 0, -1.0])
            pts = [np.array([a, y, self.D]) for a in np.linspace(w.a0, w.a1, 5)[1::2] for y in np.linspace(w.y0, w.y1, 5)[1::2]]
        area = (w.a1 - w.a0) * (w.y1 - w.y0)
        return pts, nrm, area

    def light(self, P, n, sun_mask=None):
        n = np.asarray(n, float)
        nn = n[None, :] if n.ndim == 1 else n
        ny = nn[:, 1]
        hemi = 0.62 + 0.38 * ny
        L = hemi[:, None] * self.amb[None, :]
        for w in self.windows:
            pts, nw, area = self.window_geom(w)
            acc = np.zeros(len(P))
            for c in pts:
                v = c[None, :] - P
                r2 = (v * v).sum(1) + 0.15
                r = np.sqrt(r2)
                cos1 = np.clip((v * nn).sum(1) / r, 0, None)
                cos2 = np.clip(-(v @ nw) / r, 0, None)
                acc += cos1 * cos2 / r2
            acc *= area / len(pts) * self.win_int * w.intensity / math.pi
            L = L + acc[:, None] * self.win_col[None, :]
        for pos, col in self.extra_lights:
            v = np.asarray(pos)[None, :] - P
            r2 = (v * v).sum(1) + 0.05
            cos1 = np.clip((v * nn).sum(1) / np.sqrt(r2), 0, None)
            L = L + (cos1 / r2)[:, None] * np.asarray(col)[None, :]
        if self.sun is not None:
            sl = self.sunlit(P)
            if sun_mask is not None:
                sl = sl * sun_mask
            lam = np.clip(-(nn @ self.sun), 0, None)
            L = L + (sl * lam)[:, None] * self.sun_col[None, :]
        return L

    # ---------------------------------------------------------- objects
    def add(self, depth, fn):
        self.objects.append((depth, len(self.objects), fn))

    def face(self, pts, mat, emissive=None, alpha=1.0, normal=None, depth=None, ao=True, gloss=0.0, light_mul=1.0):
        pts = np.asarray(pts, float)
        if normal is None:
            normal = np.cross(pts[1] - pts[0], pts[2] - pts[0])
            normal = normal / (np.linalg.norm(normal) + 1e-12)
        n = np.asarray(normal, float)
        if depth is None:
            depth = pts[:, 2].mean()

        def draw():
            self._draw_face(pts, n, mat, emissive, alpha, ao, gloss, light_mul)
        self.add(depth, draw)

    def _draw_face(self, pts, n, mat, emissive, alpha, ao, gloss, light_mul, snorm=None):
        if np.dot(n, self.O - pts[0]) <= 0:
            return
        cp = self.clip_near(pts)
        if len(cp) < 3:
            return
        mk = self.mask2d(self.proj(cp))
        if mk is None:
            return
        x0, y0, x1, y1, m = mk
        idx = m > 0.003
        if not idx.any():
            return
        d = self.rays(x0, y0, x1, y1)[idx]
        denom = d @ n
        denom = np.where(np.abs(denom) < 1e-9, 1e-9, denom)
        t = (np.dot(pts[0] - self.O, n)) / denom
        P = self.O[None, :] + t[:, None] * d
        alb = mat(P, n) if callable(mat) else np.broadcast_to(lin(mat), (len(P), 3))
        ns = snorm(P) if snorm is not None else n
        if emissive is not None:
            col = alb * emissive
        else:
            col = alb * self.light(P, ns) * light_mul
            if ao:
                col = col * (1 - 0.4 * np.exp(-np.clip(P[:, 1], 0, None) / 0.12))[:, None]
            if gloss > 0:
                # fake soft sheen from the windows
                v = P - self.O[None, :]
                v = v / np.linalg.norm(v, axis=1, keepdims=True)
                r = v - 2 * (v @ n)[:, None] * n[None, :]
                sh = np.zeros(len(P))
                for w in self.windows:
                    pts_w, nw, area = self.window_geom(w)
                    c = np.mean(pts_w, 0)
                    tw = c[None, :] - P
                    tw = tw / np.linalg.norm(tw, axis=1, keepdims=True)
                    sh += np.clip((r * tw).sum(1), 0, 1) ** 24
                col = col + gloss * sh[:, None] * self.win_col[None, :]
        reg = self.img[y0:y1, x0:x1]
        a = (m[idx] * alpha)[:, None]
        reg[idx] = reg[idx] * (1 - a) + col * a

    def box(self, x0, x1, y0, y1, z0, z1, mat, top=None, front=None, sides=None, shadow=True, emissive=None,
            gloss=0.0, depth=None, ao=True):
        top = top or mat
        front = front or mat
        sides = sides or mat
        c = np.array([[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0],
                      [x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]], float)
        fs = [
            ([c[0], c[1], c[2], c[3]], (0, 0, -1), front),
            ([c[4], c[7], c[6], c[5]], (0, 0, 1), mat),
            ([c[3], c[2], c[6], c[7]], (0, 1, 0), top),
            ([c[0], c[4], c[5], c[1]], (0, -1, 0), mat),
            ([c[0], c[3], c[7], c[4]], (-1, 0, 0), sides),
            ([c[1], c[5], c[6], c[2]], (1, 0, 0), sides),
        ]
        dz = depth if depth is not None else (z0 + z1) / 2

        def draw():
            for p, n, m in fs:
                self._draw_face(np.array(p), np.array(n, float), m, emissive, 1.0, ao, gloss, 1.0)
        self.add(dz, draw)
        if shadow:
            self.cast(c, ground=y0 < 0.03, fp=(x0, x1, z0, z1))

    def prism(self, cx, cz, r0, r1, y0, y1, mat, top=None, seg=32, rz=None, shadow=True, emissive=None, depth=None,
              gloss=0.0, ao=True, bottom=False):
        """vertical (possibly tapered / elliptic) cylinder."""
        top = top or mat
        rz = rz or 1.0
        ang = np.linspace(0, 2 * math.pi, seg, endpoint=False)
        b = np.stack([cx + r0 * np.cos(ang), np.full(seg, y0), cz + r0 * rz * np.sin(ang)], 1)
        t = np.stack([cx + r1 * np.cos(ang), np.full(seg, y1), cz + r1 * rz * np.sin(ang)], 1)
        faces = []
        for i in range(seg):
            j = (i + 1) % seg
            p = np.array([b[i], b[j], t[j], t[i]])
            mid = p.mean(0)
            nrm = np.cross(p[1] - p[0], p[3] - p[0])
            nrm /= np.linalg.norm(nrm) + 1e-12
            if np.dot(nrm, mid - np.array([cx, mid[1], cz])) < 0:
                nrm = -nrm
            # smooth normal for shading: radial
            faces.append((p, nrm))
        dz = depth if depth is not None else cz
        slope = (r0 - r1) / max(y1 - y0, 1e-6)

        def radial(P):
            nx = P[:, 0] - cx
            nz = (P[:, 2] - cz) / (rz * rz)
            ln = np.sqrt(nx * nx + nz * nz) + 1e-9
            ny = slope * np.ones(len(P))
            v = np.stack([nx / ln, ny, nz / ln], 1)
            return v / np.linalg.norm(v, axis=1, keepdims=True)

        def draw():
            order = sorted(faces, key=lambda fn: -fn[0][:, 2].mean())
            for p, nrm in order:
                self._draw_face(p, nrm, mat, emissive, 1.0, ao, gloss, 1.0, snorm=radial)
            if self.O[1] > y1:
                self._draw_face(t[::-1], np.array([0, 1.0, 0]), top, emissive, 1.0, ao, gloss, 1.0)
            elif self.O[1] < y0 or bottom:
                self._draw_face(b, np.array([0, -1.0, 0]), top, emissive, 1.0, ao, gloss, 1.0)
        self.add(dz, draw)
        if shadow:
            rr = max(r0, r1)
            pts = np.concatenate([b, t])
            self.cast(pts, ground=y0 < 0.03, fp=(cx - rr, cx + rr, cz - rr * rz, cz + rr * rz), round_=True)

    def cast(self, pts3d, ground=True, fp=None, round_=False):
        """accumulate sun shadow + contact occlusion on the floor."""
        if self.sun is not None and self.sun[1] < -0.05:
            L = self.sun
            s = pts3d[:, 1] / -L[1]
            Q = pts3d + s[:, None] * L
            hull = _hull(Q[:, [0, 2]])
            mk = self.floor_mask(hull)
            if mk is not None:
                self.shadow = np.maximum(self.shadow, mk[4])
        if ground and fp is not None:
            x0, x1, z0, z1 = fp
            e = 0.06
            if round_:
                cx, cz = (x0 + x1) / 2, (z0 + z1) / 2
                rx, rz = (x1 - x0) / 2 + e, (z1 - z0) / 2 + e
                a = np.linspace(0, 2 * math.pi, 24, endpoint=False)
                poly = list(zip(cx + rx * np.cos(a), cz + rz * np.sin(a)))
            else:
                poly = [(x0 - e, z0 - e), (x1 + e, z0 - e), (x1 + e, z1 + e), (x0 - e, z1 + e)]
            mk = self.floor_mask(poly)
            if mk is not None:
                self._aoacc = getattr(self, '_aoacc', np.zeros((self.H, self.W)))
                self._aoacc = np.maximum(self._aoacc, mk[4])

    def glow(self, P, radius, col, inten=1.0):
        self.glows.append((np.asarray(P, float), radius, lin(col) if isinstance(col, str) else np.asarray(col), inten))

    def disc(self, P, r, col, alpha=1.0, depth=None, emissive=False, squash=1.0):
        """screen-space disc at a world point (for globes, vases, etc.)."""
        P = np.asarray(P, float)

        def draw():
            c = self.proj(P)
            rp = self.f * r / (P[2] - self.O[2])
            a = np.linspace(0, 2 * math.pi, 48, endpoint=False)
            pts = np.stack([c[0] + rp * np.cos(a), c[1] + rp * squash * np.sin(a)], 1)
            mk = self.mask2d(pts)
            if mk is None:
                return
            x0, y0, x1, y1, m = mk
            yy, xx = np.mgrid[y0:y1, x0:x1]
            dx = (xx + 0.5 - c[0]) / rp
            dy = (yy + 0.5 - c[1]) / (rp * squash)
            base = lin(col) if isinstance(col, str) else np.asarray(col)
            if emissive:
                k = 1.0 + 0.25 * (1 - np.clip(dx * dx + dy * dy, 0, 1))
                cc = base[None, None, :] * k[..., None]
            else:
                # lit from the window side (upper left)
                sh = np.clip(0.75 - 0.45 * (dx * 0.6 + dy * 0.8), 0.15, 1.3)
                cc = base[None, None, :] * sh[..., None] * (self.amb * 2.2 + 0.25)[None, None, :]
            reg = self.img[y0:y1, x0:x1]
            aa = (m * alpha)[..., None]
            reg[:] = reg * (1 - aa) + cc * aa
        self.add(depth if depth is not None else P[2], draw)

    def poly2d(self, pts_fn, col, alpha=1.0, depth=0.0, light=True):
        """screen-space polygon, pts_fn() -> (N,2) in pixels."""
        def draw():
            pts = np.asarray(pts_fn(), float)
            mk = self.mask2d(pts)
            if mk is None:
                return
            x0, y0, x1, y1, m = mk
            base = lin(col) if isinstance(col, str) else np.asarray(col)
            reg = self.img[y0:y1, x0:x1]
            aa = (m * alpha)[..., None]
            reg[:] = reg * (1 - aa) + base[None, None, :] * aa
        self.add(depth, draw)

    # ---------------------------------------------------------- shell
    def render_shell(self):
        W, H = self.W, self.H
        d = self.rays(0, 0, W, H).reshape(-1, 3)
        O = self.O
        big = 1e9
        tf = np.where(d[:, 1] < -1e-9, (0 - O[1]) / np.minimum(d[:, 1], -1e-9), big)
        tc = np.where(d[:, 1] > 1e-9, (self.h - O[1]) / np.maximum(d[:, 1], 1e-9), big)
        tl = np.where(d[:, 0] < -1e-9, (self.xl - O[0]) / np.minimum(d[:, 0], -1e-9), big)
        tr = np.where(d[:, 0] > 1e-9, (self.xr - O[0]) / np.maximum(d[:, 0], 1e-9), big)
        tb = (self.D - O[2]) / d[:, 2]
        T = np.stack([tf, tc, tl, tr, tb], 1)
        surf = np.argmin(T, 1)
        t = T[np.arange(len(T)), surf]
        P = O[None, :] + t[:, None] * d
        normals = [(0, 1, 0), (0, -1, 0), (1, 0, 0), (-1, 0, 0), (0, 0, -1)]
        names = ['floor', 'ceiling', 'left', 'right', 'back']
        out = np.zeros((len(P), 3))
        shadow = blur(self.shadow, self.W / 300.0).reshape(-1)
        aoacc = getattr(self, '_aoacc', None)
        aoacc = blur(aoacc, self.W / 110.0).reshape(-1) if aoacc is not None else np.zeros(len(P))
        for s in range(5):
            idx = surf == s
            if not idx.any():
                continue
            Ps = P[idx]
            n = np.array(normals[s], float)
            mat = self.mats.get(names[s], M_flat('#e9e1d5'))
            alb = mat(Ps, n)
            sm = 1 - 0.92 * shadow[idx] if s == 0 else None
            L = self.light(Ps, n, sun_mask=sm)
            if s == 1 and self.ceiling_light:
                L = L + self.ceiling_light * self.amb[None, :]
            col = alb * L
            # corner occlusion
            dl = Ps[:, 0] - self.xl
            dr = self.xr - Ps[:, 0]
            dfl = Ps[:, 1]
            dce = self.h - Ps[:, 1]
            dbk = self.D - Ps[:, 2]
            ds = [dfl, dce, dl, dr, dbk]
            ao = np.ones(len(Ps))
            for k, dd in enumerate(ds):
                if k == s:
                    continue
                ao *= 1 - 0.28 * np.exp(-np.clip(dd, 0, None) / 0.35)
            col *= ao[:, None]
            if s == 0:
                col *= (1 - 0.55 * aoacc[idx])[:, None]
            # windows
            for w in self.windows:
                if w.wall != names[s]:
                    continue
                a = Ps[:, 2] if s in (2, 3) else Ps[:, 0]
                y = Ps[:, 1]
                ins = w.inside(a, y)
                if not ins.any():
                    continue
                mul = w.is_mullion(a[ins], y[ins])
                v = w.view(a[ins], y[ins])
                fr = w.frame[None, :] * (self.amb * 1.6 + 0.05)[None, :]
                v[mul] = fr
                col[ins] = v
            out[idx] = col
        self.img = out.reshape(H, W, 3)

    def render_outdoor(self, sky=('#cfd3cf', '#f1e6d4'), ground=None):
        W, H = self.W, self.H
        d = self.rays(0, 0, W, H).reshape(-1, 3)
        out = np.zeros((len(d), 3))
        gi = d[:, 1] < -1e-6
        t = -self.O[1] / np.minimum(d[gi, 1], -1e-6)
        P = self.O[None, :] + t[:, None] * d[gi]
        n = np.array([0, 1.0, 0])
        alb = (ground or M_flat('#cbbfae'))(P, n)
        sm = 1 - 0.85 * blur(self.shadow, self.W / 400.0).reshape(-1)[gi]
        L = self.light(P, n, sun_mask=sm)
        aoacc = getattr(self, '_aoacc', None)
        col = alb * L
        if aoacc is not None:
            col *= (1 - 0.5 * blur(aoacc, self.W / 150.0).reshape(-1)[gi])[:, None]
        # haze toward the horizon
        hz = np.exp(-t / 220.0)[:, None]
        skyc0, skyc1 = lin(sky[0]), lin(sky[1])
        out[gi] = col * hz + skyc1[None, :] * 1.3 * (1 - hz)
        si = ~gi
        e = np.clip(d[si, 1] * 2.2, 0, 1)[:, None]
        out[si] = (skyc1[None, :] * (1 - e) + skyc0[None, :] * e) * 1.3
        self.img = out.reshape(H, W, 3)
        for depth, i, fn in sorted(self.objects, key=lambda o: (-o[0], o[1])):
            fn()
        return self

    def render(self):
        if getattr(self, 'rugs', None):
            self.mats['floor'] = M_layers(self.mats.get('floor', M_flat('#c8b8a2')), self.rugs)
        self.render_shell()
        for depth, i, fn in sorted(self.objects, key=lambda o: (-o[0], o[1])):
            fn()
        for P, r, col, inten in self.glows:
            c = self.proj(P)
            rp = self.f * r / max(P[2] - self.O[2], 0.1)
            x0 = max(0, int(c[0] - 3 * rp))
            x1 = min(self.W, int(c[0] + 3 * rp) + 1)
            y0 = max(0, int(c[1] - 3 * rp))
            y1 = min(self.H, int(c[1] + 3 * rp) + 1)
            if x1 <= x0 or y1 <= y0:
                continue
            yy, xx = np.mgrid[y0:y1, x0:x1]
            g = np.exp(-((xx - c[0]) ** 2 + (yy - c[1]) ** 2) / (2 * rp * rp))
            self.img[y0:y1, x0:x1] += g[..., None] * col[None, None, :] * inten
        return self

    # ---------------------------------------------------------- post
    def finish(self, exposure=1.0, bloom=0.18, vignette=0.22, grain=1.2, soft=0.7, warm=0.5, contrast=1.0,
               sat=0.92, lift='#2a2420'):
        c = self.img * exposure
        hi = np.clip(c - 0.85, 0, None)
        c = c + bloom * blur(hi, self.W / 70.0) + 0.5 * bloom * blur(hi, self.W / 240.0)
        return finish_array(c, vignette=vignette, grain=grain, soft=soft, warm=warm, contrast=contrast,
                            sat=sat, lift=lift, seed=int(self.rng.integers(1 << 30)))


def finish_array(c, vignette=0.22, grain=1.2, soft=0.7, warm=0.5, contrast=1.0, sat=0.92, lift='#2a2420', seed=1):
    H, W, _ = c.shape
    c = 1 - np.exp(-1.55 * np.clip(c, 0, None))
    c = c / (1 - math.exp(-1.55 * 1.6))
    c = np.clip(c, 0, 1)
    g = c ** (1 / 2.2)
    lum = (g * np.array([0.299, 0.587, 0.114])).sum(2, keepdims=True)
    g = lum + (g - lum) * sat
    if contrast != 1.0:
        g = 0.5 + (g - 0.5) * contrast
    # warm split toning: shadows toward warm charcoal, highlights to ivory
    lf = np.array([int(lift[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    g = g + (1 - g) * lf[None, None, :] * 0.28 * (1 - lum)
    g = g * (1 + warm * np.array([0.03, 0.008, -0.035]))[None, None, :]
    yy, xx = np.mgrid[0:H, 0:W]
    r2 = ((xx - W / 2) / (W / 2)) ** 2 * 0.8 + ((yy - H / 2) / (H / 2)) ** 2 * 0.9
    g = g * (1 - vignette * np.clip(r2 - 0.15, 0, None) ** 1.3)[..., None]
    g = np.clip(g * 255, 0, 255)
    if grain > 0:
        rng = np.random.default_rng(seed)
        gn = rng.normal(0, grain, (H, W))
        g = g + gn[..., None]
    im = Image.fromarray(np.clip(g + 0.5, 0, 255).astype(np.uint8), 'RGB')
    if soft > 0:
        im = im.filter(ImageFilter.GaussianBlur(soft))
    return im


def _hull(pts):
    pts = sorted(set(map(tuple, np.round(pts, 6))))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def M_layers(base, rects):
    """floor material with rectangular inlays (rugs etc.): rects = [(x0, x1, z0, z1, mat), ...]."""
    def f(P, n):
        out = base(P, n)
        for x0, x1, z0, z1, m in rects:
            idx = (P[:, 0] >= x0) & (P[:, 0] <= x1) & (P[:, 2] >= z0) & (P[:, 2] <= z1)
            if idx.any():
                out[idx] = m(P[idx], n)
        return out
    return f


def M_rug(col, border=None, bw=0.08, x0=0, x1=1, z0=0, z1=1, var=0.05, pattern=None):
    c = lin(col)
    b = lin(border) if border else None

    def f(P, n):
        k = 1 + var * (NOISE.fbm(P[:, 0] * 3, P[:, 2] * 3, 3) - 0.5) * 2
        out = c[None, :] * k[:, None]
        if pattern == 'lines':
            s = (np.floor((P[:, 2] - z0) / 0.12) % 2 == 0)
            out[s] *= 0.94
        if b is not None:
            e = (P[:, 0] - x0 < bw) | (x1 - P[:, 0] < bw) | (P[:, 2] - z0 < bw) | (z1 - P[:, 2] < bw)
            out[e] = b * k[e, None]
        return out
    return f
