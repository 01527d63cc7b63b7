"""Furniture and decor built from engine primitives (axis-aligned, 90 degree rotations)."""
import math

import numpy as np

from engine import M_flat, M_rug, lin, NOISE


def place(ox, oz, rot, lx0, lx1, lz0, lz1):
    """local rect (x across, z depth from front) -> world x0,x1,z0,z1.
    rot 0: front faces camera (-z); 180: front faces back wall; 90: front faces +x; 270: front faces -x."""
    if rot == 0:
        xs = (ox + lx0, ox + lx1)
        zs = (oz + lz0, oz + lz1)
    elif rot == 180:
        xs = (ox - lx1, ox - lx0)
        zs = (oz - lz1, oz - lz0)
    elif rot == 90:   # front toward +x: local depth runs toward -x
        xs = (ox - lz1, ox - lz0)
        zs = (oz + lx0, oz + lx1)
    else:             # 270 front toward -x
        xs = (ox + lz0, ox + lz1)
        zs = (oz - lx1, oz - lx0)
    return min(xs), max(xs), min(zs), max(zs)


def lbox(S, ox, oz, rot, lx0, lx1, y0, y1, lz0, lz1, mat, **kw):
    x0, x1, z0, z1 = place(ox, oz, rot, lx0, lx1, lz0, lz1)
    S.box(x0, x1, y0, y1, z0, z1, mat, **kw)


def sofa(S, ox, oz, w=2.4, d=0.95, rot=0, fabric='#d9cfc0', cushion=None, legs='#3a302a', back_h=0.78, seat_h=0.44,
         arm_w=0.2, arm_h=0.6, pillows=('#b5694a', '#cfc3b0')):
    fab = M_flat(fabric, var=0.05, sc=2.0)
    cus = M_flat(cushion or fabric, var=0.05, sc=2.0, seed=2)
    # plinth
    lbox(S, ox, oz, rot, 0.05, w - 0.05, 0.0, 0.08, 0.08, d - 0.05, legs)
    lbox(S, ox, oz, rot, 0, w, 0.08, seat_h - 0.1, 0.02, d, fab)
    # back
    lbox(S, ox, oz, rot, arm_w * 0.5, w - arm_w * 0.5, seat_h - 0.1, back_h, d - 0.22, d, fab)
    # arms
    lbox(S, ox, oz, rot, 0, arm_w, 0.08, arm_h, 0.0, d, fab)
    lbox(S, ox, oz, rot, w - arm_w, w, 0.08, arm_h, 0.0, d, fab)
    # seat cushions
    n = 2 if w < 2.0 else 3
    inner = w - 2 * arm_w
    cw = inner / n
    for i in range(n):
        lbox(S, ox, oz, rot, arm_w + i * cw + 0.01, arm_w + (i + 1) * cw - 0.01, seat_h - 0.1, seat_h, 0.03, d - 0.22,
             cus, shadow=False)
        lbox(S, ox, oz, rot, arm_w + i * cw + 0.02, arm_w + (i + 1) * cw - 0.02, seat_h, back_h - 0.04, d - 0.36,
             d - 0.22, cus, shadow=False)
    # throw pillows
    if pillows:
        for i, pc in enumerate(pillows):
            lx = arm_w + 0.08 + i * 0.42 if i % 2 == 0 else w - arm_w - 0.5 - (i // 2) * 0.42
            lbox(S, ox, oz, rot, lx, lx + 0.42, seat_h, seat_h + 0.38, d - 0.46, d - 0.36, M_flat(pc, var=0.06),
                 shadow=False)


def armchair(S, ox, oz, rot=0, w=0.85, d=0.85, fabric='#cdbfab', legs='#5a4636'):
    fab = M_flat(fabric, var=0.05, sc=2.0, seed=4)
    for lx in (0.06, w - 0.1):
        for lz in (0.06, d - 0.1):
            lbox(S, ox, oz, rot, lx, lx + 0.04, 0, 0.16, lz, lz + 0.04, legs, shadow=False)
    lbox(S, ox, oz, rot, 0, w, 0.16, 0.44, 0, d, fab)
    lbox(S, ox, oz, rot, 0, w, 0.44, 0.82, d - 0.18, d, fab)
    lbox(S, ox, oz, rot, 0, 0.14, 0.44, 0.62, 0, d - 0.18, fab)
    lbox(S, ox, oz, rot, w - 0.14, w, 0.44, 0.62, 0, d - 0.18, fab)
    S.cast(np.array([[x, y, z] for x in place(ox, oz, rot, 0, w, 0, d)[:2] for y in (0, 0.8)
                     for z in place(ox, oz, rot, 0, w, 0, d)[2:]]), ground=True, fp=place(ox, oz, rot, 0, w, 0, d))


def rug(S, x0, x1, z0, z1, col='#e6dccb', border='#b9a890', bw=0.08, pattern=None):
    """rugs are inlaid into the floor material so they receive shadows."""
    S.rugs = getattr(S, 'rugs', [])
    S.rugs.append((x0, x1, z0, z1, M_rug(col, border, bw, x0, x1, z0, z1, pattern=pattern)))


def coffee_table(S, cx, cz, r=0.5, h=0.36, top='#6b4a33', round_=True, base='#4a3a2e'):
    if round_:
        S.prism(cx, cz, r * 0.55, r * 0.55, 0, h - 0.05, base)
        S.prism(cx, cz, r, r, h - 0.05, h, top, seg=48)
    else:
        S.box(cx - r, cx + r, h - 0.05, h, cz - r * 0.5, cz + r * 0.5, top)
        S.box(cx - r + 0.05, cx + r - 0.05, 0, h - 0.05, cz - r * 0.5 + 0.05, cz + r * 0.5 - 0.05, base)


def side_table(S, cx, cz, r=0.24, h=0.55, col='#b08d57'):
    S.prism(cx, cz, r * 0.25, r * 0.25, 0, h - 0.03, col, seg=16)
    S.prism(cx, cz, r, r, h - 0.03, h, col, seg=32, gloss=0.2)
    S.prism(cx, cz, r * 0.7, r * 0.7, 0, 0.02, col, seg=24)


def floor_lamp(S, cx, cz, h=1.6, shade='#efe6d6', metal='#b08d57', lit=True, sr=0.22):
    S.prism(cx, cz, 0.16, 0.16, 0, 0.02, metal, seg=20)
    S.box(cx - 0.012, cx + 0.012, 0.02, h - 0.3, cz - 0.012, cz + 0.012, metal, shadow=True)
    S.prism(cx, cz, sr, sr * 0.8, h - 0.35, h, shade, seg=28, emissive=1.6 if lit else None, shadow=True)
    if lit:
        S.glow((cx, h - 0.2, cz - 0.01), 0.35, '#ffcf8f', 0.35)
        S.extra_lights.append(((cx, h - 0.4, cz), lin('#ffcf8f') * 0.25))


def table_lamp(S, cx, cy, cz, col='#d6c7b0', shade='#f1e7d6', lit=True, s=1.0):
    S.prism(cx, cz, 0.09 * s, 0.11 * s, cy, cy + 0.3 * s, col, seg=24, gloss=0.2)
    S.prism(cx, cz, 0.2 * s, 0.15 * s, cy + 0.3 * s, cy + 0.52 * s, shade, seg=28, emissive=1.5 if lit else None)
    if lit:
        S.glow((cx, cy + 0.42 * s, cz - 0.02), 0.3 * s, '#ffcf8f', 0.35)
        S.extra_lights.append(((cx, cy + 0.4 * s, cz), lin('#ffcf8f') * 0.18))


def pendant(S, cx, cz, y, r=0.22, col='#b08d57', kind='dome', lit=True, cable_top=None):
    top = cable_top if cable_top is not None else S.h
    S.box(cx - 0.005, cx + 0.005, y + 0.1, top, cz - 0.005, cz + 0.005, '#2b2622', shadow=False)
    if kind == 'dome':
        S.prism(cx, cz, r, r * 0.25, y, y + r * 0.6, col, seg=36, shadow=False, gloss=0.4, bottom=True,
                top=M_flat('#fff1d8') if lit else None)
        if lit:
            S.prism(cx, cz, r * 0.92, r * 0.92, y - 0.001, y, '#fff3dc', emissive=3.0, shadow=False, bottom=True,
                    depth=cz - 0.01)
    elif kind == 'globe':
        S.disc((cx, y, cz), r, '#fff0d6' if lit else col, emissive=lit, depth=cz - 0.02)
    elif kind == 'drum':
        S.prism(cx, cz, r, r, y, y + r * 0.7, '#efe4d2', emissive=1.4 if lit else None, shadow=False, bottom=True)
    elif kind == 'cyl':
        S.prism(cx, cz, r * 0.45, r * 0.45, y, y + r * 1.4, col, shadow=False, gloss=0.4, bottom=True)
    if lit:
        S.glow((cx, y - 0.02, cz), r * 1.6, '#ffd49a', 0.45)
        S.extra_lights.append(((cx, y - 0.1, cz), lin('#ffd49a') * 0.35))


def dining_table(S, x0, x1, z0, z1, h=0.76, top='#6b4a33', legs=None, thick=0.05, top_mat=None, pedestal=False):
    tm = top_mat or M_flat(top, var=0.06, sc=2)
    S.box(x0, x1, h - thick, h, z0, z1, tm, gloss=0.15)
    lg = legs or top
    if pedestal:
        cx = (x0 + x1) / 2
        cz = (z0 + z1) / 2
        S.box(cx - (x1 - x0) * 0.3, cx + (x1 - x0) * 0.3, 0, h - thick, cz - 0.12, cz + 0.12, lg)
    else:
        for x in (x0 + 0.08, x1 - 0.14):
            for z in (z0 + 0.08, z1 - 0.14):
                S.box(x, x + 0.06, 0, h - thick, z, z + 0.06, lg)


def chair(S, cx, cz, rot=0, seat='#cbbda8', frame='#4a3a2e', w=0.48, d=0.5):
    ox = cx - w / 2 if rot in (0,) else cx + w / 2 if rot == 180 else cx
    fab = M_flat(seat, var=0.05, sc=3)
    if rot == 0:
        o = (cx - w / 2, cz - d / 2)
    elif rot == 180:
        o = (cx + w / 2, cz + d / 2)
    elif rot == 90:
        o = (cx + d / 2, cz - w / 2)
    else:
        o = (cx - d / 2, cz + w / 2)
    for lx in (0.03, w - 0.06):
        for lz in (0.03, d - 0.06):
            lbox(S, o[0], o[1], rot, lx, lx + 0.03, 0, 0.43, lz, lz + 0.03, frame, shadow=True)
    lbox(S, o[0], o[1], rot, 0, w, 0.43, 0.48, 0, d, fab)
    lbox(S, o[0], o[1], rot, 0.02, w - 0.02, 0.5, 0.86, d - 0.06, d, fab)


def bed(S, cx, zback, w=1.9, L=2.15, linen='#efe8dc', throw='#b9a48a', frame='#8f7a63', head='#cdbfa9', head_h=1.2,
        pillows=('#f4efe6', '#e6dccd')):
    x0 = cx - w / 2
    x1 = cx + w / 2
    z1 = zback
    z0 = zback - L
    S.box(x0 - 0.1, x1 + 0.1, 0, head_h, z1 - 0.1, z1, M_flat(head, var=0.05, sc=3))
    S.box(x0, x1, 0.0, 0.32, z0, z1 - 0.1, frame)
    S.box(x0 + 0.02, x1 - 0.02, 0.32, 0.56, z0 + 0.02, z1 - 0.1, M_flat(linen, var=0.04, sc=2))
    S.box(x0, x1, 0.3, 0.6, z0, z0 + 0.75, M_flat(throw, var=0.06, sc=3), shadow=False)
    pw = (w - 0.2) / 2
    for i in range(2):
        px = x0 + 0.08 + i * (pw + 0.04)
        S.box(px, px + pw, 0.56, 0.82, z1 - 0.32, z1 - 0.14, M_flat(pillows[0], var=0.03), shadow=False)
        S.box(px + 0.05, px + pw - 0.05, 0.56, 0.74, z1 - 0.46, z1 - 0.32, M_flat(pillows[1], var=0.03),
              shadow=False)


def artwork(S, x0, x1, y0, y1, painting, z=None, frame='#3a322b', depth_=0.03):
    zz = (S.D if z is None else z) - 0.005
    S.box(x0 - 0.03, x1 + 0.03, y0 - 0.03, y1 + 0.03, zz - depth_, zz, frame, shadow=False, depth=zz + 0.5)
    S.face([(x0, y0, zz - depth_ - 0.001), (x1, y0, zz - depth_ - 0.001), (x1, y1, zz - depth_ - 0.001),
            (x0, y1, zz - depth_ - 0.001)], painting_mat(painting, x0, x1, y0, y1), normal=(0, 0, -1),
           depth=zz + 0.4, ao=False)


def painting_mat(kind, x0, x1, y0, y1):
    def f(P, n):
        u = (P[:, 0] - x0) / (x1 - x0)
        v = (P[:, 1] - y0) / (y1 - y0)
        return paint(kind, u, v)
    return f


def paint(kind, u, v):
    ivory = lin('#efe7da')
    sand = lin('#d8c6aa')
    terra = lin('#b5694a')
    brass = lin('#b99460')
    char = lin('#37322d')
    stone = lin('#a89c8b')
    sage = lin('#8e957c')
    out = np.broadcast_to(ivory, (len(u), 3)).copy()
    if kind == 'arc':
        r = np.hypot(u - 0.5, v - 0.05)
        out[(r < 0.45) & (r > 0.0)] = sand
        out[(r < 0.28)] = terra
        out[v < 0.05] = stone
    elif kind == 'sun':
        r = np.hypot(u - 0.62, v - 0.6)
        out[:] = mix_arr(ivory, sand, v)
        out[r < 0.18] = terra
        out[v < 0.35 + 0.05 * np.sin(u * 6)] = stone
    elif kind == 'stripes':
        out[:] = ivory
        out[(u > 0.2) & (u < 0.38)] = sand
        out[(u > 0.45) & (u < 0.52)] = char
        out[(u > 0.6) & (u < 0.85) & (v > 0.3)] = brass
    elif kind == 'hills':
        out[:] = mix_arr(lin('#e9dfcf'), ivory, v)
        h1 = 0.45 + 0.12 * np.sin(u * 5 + 1)
        h2 = 0.3 + 0.1 * np.sin(u * 7 + 3)
        out[v < h1] = sand
        out[v < h2] = stone
        out[v < 0.12] = char * 1.6
    elif kind == 'ink':
        t = NOISE.fbm(u * 3, v * 3, 4)
        m = np.clip((t - 0.5) * 6, 0, 1) * np.clip(1 - np.abs(u - 0.5) * 2.2, 0, 1)
        out = ivory[None, :] * (1 - m[:, None]) + char[None, :] * m[:, None]
    elif kind == 'blocks':
        out[:] = lin('#e8decf')
        out[(u > 0.15) & (u < 0.55) & (v > 0.15) & (v < 0.7)] = sage
        out[(u > 0.42) & (u < 0.85) & (v > 0.4) & (v < 0.85)] = sand
        out[(u > 0.42) & (u < 0.55) & (v > 0.4) & (v < 0.7)] = terra
    elif kind == 'mirror':
        out[:] = mix_arr(lin('#bdb3a5'), lin('#e4dccf'), v) * 1.1
    return out


def mix_arr(a, b, t):
    return a[None, :] * (1 - t[:, None]) + b[None, :] * t[:, None]


def plant(S, cx, cz, h=1.3, pot='#b5694a', pot_r=0.2, pot_h=0.42, leaf='#5f6a4a', seed=0, spread=0.45, kind='broad'):
    S.prism(cx, cz, pot_r * 0.8, pot_r, 0, pot_h, pot, seg=28)
    rng = np.random.default_rng(seed)
    n = 46 if kind == 'broad' else 70
    leaves = []
    for i in range(n):
        t = rng.random()
        y = pot_h + 0.1 + t * (h - pot_h)
        a = rng.random() * 2 * math.pi
        r = spread * (0.3 + 0.7 * rng.random()) * (0.5 + 0.6 * t)
        x = cx + r * math.cos(a)
        z = cz + r * math.sin(a) * 0.7
        size = (0.16 + 0.1 * rng.random()) * (1.0 if kind == 'broad' else 0.6)
        ang = rng.random() * math.pi
        shade = 0.6 + 0.6 * rng.random() * (0.5 + 0.5 * t)
        leaves.append((z, x, y, size, ang, shade))
    base = lin(leaf)

    def make(x, y, z, size, ang):
        def pts():
            c = S.proj(np.array([x, y, z]))
            rp = S.f * size / (z - S.O[2])
            k = np.linspace(0, 2 * math.pi, 14, endpoint=False)
            ex = rp * np.cos(k)
            ey = rp * 0.38 * np.sin(k)
            ca, sa = math.cos(ang), math.sin(ang)
            return np.stack([c[0] + ex * ca - ey * sa, c[1] + ex * sa + ey * ca], 1)
        return pts
    for z, x, y, size, ang, shade in sorted(leaves, key=lambda l: -l[0]):
        col = base * shade * (S.amb * 3.0 + 0.35)
        S.poly2d(make(x, y, z, size, ang), col, depth=z)
    S.cast(np.array([[cx - spread, 0, cz - spread * 0.5], [cx + spread, 0, cz + spread * 0.5],
                     [cx - spread * 0.6, h, cz], [cx + spread * 0.6, h, cz]]), ground=False)


def vase(S, cx, cy, cz, r=0.08, h=0.3, col='#c9b79c', branch=False):
    S.prism(cx, cz, r * 0.7, r, cy, cy + h * 0.7, col, seg=24, gloss=0.15, shadow=False)
    S.prism(cx, cz, r, r * 0.45, cy + h * 0.7, cy + h, col, seg=24, gloss=0.15, shadow=False)
    if branch:
        base = lin('#4b4236')

        def mk(dx, dy):
            def pts():
                a = S.proj(np.array([cx, cy + h, cz]))
                b = S.proj(np.array([cx + dx, cy + h + dy, cz]))
                w = 1.2 * S.W / 1200
                return np.array([[a[0] - w, a[1]], [a[0] + w, a[1]], [b[0] + w * 0.4, b[1]], [b[0] - w * 0.4, b[1]]])
            return pts
        for dx, dy in ((-0.25, 0.45), (0.18, 0.55), (0.3, 0.3), (-0.1, 0.62)):
            S.poly2d(mk(dx, dy), base * 0.4, depth=cz - 0.01)


def shelf_unit(S, x0, x1, y0, y1, zb, depth=0.35, col='#8a6b4e', shelves=4, items=True, seed=0):
    wood = M_flat(col, var=0.05, sc=3)
    t = 0.03
    S.box(x0, x0 + t, y0, y1, zb - depth, zb, wood, shadow=False)
    S.box(x1 - t, x1, y0, y1, zb - depth, zb, wood, shadow=False)
    rng = np.random.default_rng(seed)
    ys = np.linspace(y0, y1, shelves + 1)
    for y in ys:
        S.box(x0, x1, y - t / 2, y + t / 2, zb - depth, zb, wood, shadow=False)
    if items:
        pal = ['#e9e1d3', '#c9b79c', '#b5694a', '#3a342e', '#a39482', '#d8cbb6', '#b08d57']
        for i in range(shelves):
            yb = ys[i] + t / 2
            x = x0 + 0.08
            while x < x1 - 0.2:
                k = rng.random()
                if k < 0.45:
                    # books
                    nb = rng.integers(3, 8)
                    for b in range(nb):
                        bw = 0.025 + 0.02 * rng.random()
                        bh = (ys[i + 1] - ys[i]) * (0.55 + 0.3 * rng.random())
                        if x + bw > x1 - 0.1:
                            break
                        S.box(x, x + bw, yb, yb + bh, zb - depth + 0.06, zb - 0.04,
                              pal[rng.integers(len(pal))], shadow=False, ao=False)
                        x += bw
                elif k < 0.7:
                    r = 0.05 + 0.04 * rng.random()
                    vase(S, x + r, yb, zb - depth / 2, r=r, h=(ys[i + 1] - ys[i]) * (0.4 + 0.3 * rng.random()),
                         col=pal[rng.integers(len(pal))])
                    x += 2 * r
                x += 0.08 + 0.2 * rng.random()


def curtain(S, wall, a0, a1, y0, y1, col='#efe6d8', off=0.06):
    m = lambda P, n: _curtain(P, n, col)
    if wall == 'left':
        x = S.xl + off
        S.face([(x, y0, a1), (x, y1, a1), (x, y1, a0), (x, y0, a0)], m, normal=(1, 0, 0), depth=(a0 + a1) / 2 + 0.3)
    elif wall == 'right':
        x = S.xr - off
        S.face([(x, y0, a0), (x, y1, a0), (x, y1, a1), (x, y0, a1)], m, normal=(-1, 0, 0), depth=(a0 + a1) / 2 + 0.3)
    else:
        z = S.D - off
        S.face([(a0, y0, z), (a1, y0, z), (a1, y1, z), (a0, y1, z)], m, normal=(0, 0, -1), depth=z + 0.3)


def _curtain(P, n, col):
    c = lin(col)
    u = P[:, 2] if abs(n[0]) > 0.5 else P[:, 0]
    s = np.sin(u / 0.13 * 2 * math.pi + 2 * NOISE(u * 2, 0.5))
    return c[None, :] * (1 - 0.16 * (0.5 + 0.5 * s))[:, None]
