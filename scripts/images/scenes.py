"""Scene compositions. Every function takes (W, H, **variant) and returns a PIL RGB image."""
import math

import numpy as np

from engine import (Scene, Window, M_flat, M_wood, M_marble, M_tiles, M_herringbone, M_slats, M_fluted,
                    M_func, lin, NOISE, blur, hash2)
from furniture import (sofa, armchair, rug, coffee_table, side_table, floor_lamp, table_lamp, pendant, dining_table,
                       chair, bed, artwork, plant, vase, shelf_unit, curtain, lbox, paint)


# ------------------------------------------------------------------ extra materials

def M_panel(col, pitch=1.1, y0=0.25, y1=2.45, rail=0.9, inset=0.09, line=0.012, a_off=0.0):
    """classic wall panelling: recessed moulded rectangles (u along wall, v height)."""
    c = lin(col)

    def f(P, n):
        from engine import plane_uv
        u, v = plane_uv(P, n)
        u = u + a_off
        fu = (u / pitch) % 1.0 * pitch
        out = np.ones(len(u))
        # two stacked panels: below rail and above rail
        for a, b in ((y0, rail), (rail + 0.12, y1)):
            inside = (fu > inset) & (fu < pitch - inset) & (v > a) & (v < b)
            edge_l = inside & ((fu - inset < line) | (v - a < line))
            edge_h = inside & ((pitch - inset - fu < line) | (b - v < line))
            out = np.where(edge_l, 0.8, out)
            out = np.where(edge_h, 1.08, out)
        # dado rail + skirting
        out = np.where((v > rail) & (v < rail + 0.04), 1.06, out)
        out = np.where((v > rail + 0.04) & (v < rail + 0.05), 0.85, out)
        out = np.where(v < 0.14, 0.93, out)
        out = np.where((v > 0.14) & (v < 0.152), 0.8, out)
        return c[None, :] * out[:, None]
    return f


def M_doors(col, width=0.6, groove=0.006, handle=None, y_h=None, var=0.015, top=None):
    c = lin(col)
    hc = lin(handle) if handle else None

    def f(P, n):
        from engine import plane_uv
        u, v = plane_uv(P, n)
        k = 1 + var * (NOISE.fbm(u * 2, v * 2, 2) - 0.5)
        fr = (u / width) % 1.0 * width
        out = c[None, :] * k[:, None]
        g = (fr < groove) | (fr > width - groove)
        out[g] *= 0.55
        if top is not None:
            out[np.abs(v - top) < groove] *= 0.55
        if hc is not None and y_h is not None:
            hm = (np.abs(v - y_h) < 0.008) & (fr > width * 0.25) & (fr < width * 0.75)
            out[hm] = hc
        return out
    return f


def M_water(col='#8fa39b', deep='#5f7a74'):
    a = lin(col)
    b = lin(deep)

    def f(P, n):
        t = NOISE.fbm(P[:, 0] * 1.5, P[:, 2] * 4, 4)
        rip = 0.5 + 0.5 * np.sin(P[:, 2] * 18 + t * 8)
        out = a[None, :] * (1 - t[:, None] * 0.6) + b[None, :] * (t[:, None] * 0.6)
        return out * (0.9 + 0.25 * rip ** 6)[:, None]
    return f


def M_wall_with(base, items):
    """back-wall material with rectangular inlays: items = [(a0, a1, y0, y1, mat)], a = x (back) or z (side)."""
    def f(P, n):
        out = base(P, n)
        a = P[:, 0] if abs(n[2]) > 0.5 else P[:, 2]
        for a0, a1, y0, y1, m in items:
            idx = (a >= a0) & (a <= a1) & (P[:, 1] >= y0) & (P[:, 1] <= y1)
            if idx.any():
                out[idx] = m(P[idx], n)
        return out
    return f


def std(S, floor, walls, ceiling='#f0e9df', side=None, back=None):
    S.mats['floor'] = floor
    S.mats['back'] = back or M_flat(walls, var=0.03, sc=0.6)
    S.mats['left'] = (side or M_flat(walls, var=0.03, sc=0.6, seed=1))
    S.mats['right'] = (side or M_flat(walls, var=0.03, sc=0.6, seed=2))
    S.mats['ceiling'] = M_flat(ceiling, var=0.02)


def cove(S, z, x0, x1, y, col='#ffd7a0', inten=1.0):
    """linear LED cove: emissive strip + soft wash."""
    S.box(x0, x1, y - 0.02, y, z - 0.02, z, '#ffe6c4', emissive=3.0 * inten, shadow=False, ao=False)
    for x in np.linspace(x0, x1, 7):
        S.glow((x, y - 0.05, z - 0.05), 0.35, col, 0.12 * inten)


def island(S, x0, x1, z0, z1, top, body, h=0.92, stools=3, stool_col='#6b4a33', waterfall=True):
    S.box(x0, x1, 0.08, h - 0.04, z0 + 0.04, z1, body)
    S.box(x0 + 0.05, x1 - 0.05, 0, 0.08, z0 + 0.1, z1 - 0.05, '#2f2a26', shadow=False)
    S.box(x0 - 0.04, x1 + 0.04, h - 0.04, h, z0 - 0.02, z1 + 0.02, top, gloss=0.35)
    if waterfall:
        S.box(x0 - 0.04, x0, 0, h - 0.04, z0 - 0.02, z1 + 0.02, top, gloss=0.3)
        S.box(x1, x1 + 0.04, 0, h - 0.04, z0 - 0.02, z1 + 0.02, top, gloss=0.3)
    for i in range(stools):
        sx = x0 + (i + 0.5) * (x1 - x0) / stools
        sz = z0 - 0.35
        S.prism(sx, sz, 0.2, 0.2, 0.62, 0.67, M_flat(stool_col, var=0.05), seg=28)
        for dx, dz in ((-0.13, -0.13), (0.13, -0.13), (-0.13, 0.13), (0.13, 0.13)):
            S.box(sx + dx - 0.012, sx + dx + 0.012, 0, 0.62, sz + dz - 0.012, sz + dz + 0.012, '#2b2622')


# ------------------------------------------------------------------ residential living

def living(W, H, pal=None, cam=(0.3, 1.2, 0.0), fov=66, shift=-0.06, seed=1, win='left', art='arc',
           classic=False, sun=(0.65, -0.6, 0.3), depth=6.5, width=5.8, variant=0):
    p = dict(wall='#ebe4d8', floor='#c6a985', fabric='#ddd3c4', accent='#b5694a', wood='#5c4535',
             rug='#e4dac9', rugb='#c2b29b', ceiling='#f1ebe2')
    p.update(pal or {})
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-width / 2, width / 2, 3.0, depth), sun=sun, amb=0.3,
              seed=seed)
    S.ceiling_light = 0.6
    hx = width / 2
    if classic:
        floor = M_herringbone(p['floor'])
        wallm = M_panel(p['wall'])
    else:
        floor = M_wood(p['floor'], plank=0.19, seam=0.8, var=0.06)
        wallm = M_flat(p['wall'], var=0.03, sc=0.6)
    std(S, floor, p['wall'], p['ceiling'])
    if classic:
        S.mats['back'] = wallm
        S.mats['right'] = M_panel(p['wall'], a_off=0.3)
    D = depth
    if win == 'left':
        S.windows.append(Window('left', D - 4.3, D - 0.5, 0.05, 2.75, cols=3, rows=1 if not classic else 2,
                                sheer=0.0))
        curtain(S, 'left', D - 0.5, D - 0.05, 0.02, 2.9, col='#efe7da')
    else:
        S.windows.append(Window('back', -hx + 0.4, -hx + 2.6, 0.05, 2.75, cols=2))
    rug(S, -1.5, 1.9, D - 3.6, D - 0.7, p['rug'], p['rugb'])
    sofa(S, -0.9, D - 1.15, w=2.7, d=0.98, fabric=p['fabric'], pillows=(p['accent'], '#cfc3b0', '#e9e1d3'))
    coffee_table(S, 0.45, D - 2.35, r=0.55, top=p['wood'], base=p['wood'])
    vase(S, 0.3, 0.36, D - 2.35, r=0.07, h=0.22, col='#e8e0d2')
    floor_lamp(S, 2.3, D - 0.6)
    side_table(S, -1.4, D - 0.55)
    if variant == 0:
        armchair(S, hx - 0.7, D - 2.9, rot=270, fabric='#c9b9a2')
    else:
        armchair(S, -hx + 0.9, D - 3.2, rot=90, fabric='#c9b9a2')
    artwork(S, -0.55, 1.25, 1.25, 2.25, art, frame='#3a322b')
    plant(S, -hx + 0.55 if win != 'left' else hx - 0.5, D - 0.45, seed=seed + 2)
    if classic:
        for i, x in enumerate((-2.2, 2.45)):
            pass
        pendant(S, 0.45, D - 2.3, 2.2, r=0.32, kind='drum')
    S.render()
    return S.finish(exposure=1.05)


# ------------------------------------------------------------------ dining

def dining(W, H, pal=None, cam=(0.0, 1.3, 0.0), fov=64, shift=-0.05, seed=2, pend='dome', art='sun', n_pend=2,
           classic=False, sun=(-0.55, -0.65, 0.35), round_=False):
    p = dict(wall='#e9e1d4', floor='#c3a582', wood='#6e5240', seat='#d3c6b3', ceiling='#f0e9df', metal='#b08d57')
    p.update(pal or {})
    D = 6.2
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-2.8, 2.8, 3.0, D), sun=sun, amb=0.3, seed=seed)
    S.ceiling_light = 0.6
    floor = M_herringbone(p['floor']) if classic else M_wood(p['floor'], plank=0.2, seam=0.8, var=0.06)
    std(S, floor, p['wall'], p['ceiling'])
    if classic:
        S.mats['back'] = M_panel(p['wall'], pitch=1.0)
        S.mats['left'] = M_panel(p['wall'], pitch=1.0)
    S.windows.append(Window('right', 1.6, D - 0.6, 0.05, 2.75, cols=3, trees='#7a8265'))
    curtain(S, 'right', D - 0.6, D - 0.1, 0.02, 2.9)
    cz = D - 2.4
    if round_:
        S.prism(0, cz, 0.25, 0.18, 0, 0.72, p['wood'])
        S.prism(0, cz, 0.75, 0.75, 0.72, 0.76, M_flat(p['wood'], var=0.05), seg=56, gloss=0.2)
        for a in range(5):
            ang = a / 5 * 2 * math.pi + 0.3
            x, z = 1.05 * math.cos(ang), cz + 1.05 * math.sin(ang)
            rot = 0 if math.sin(ang) < -0.5 else 180 if math.sin(ang) > 0.5 else (270 if math.cos(ang) > 0 else 90)
            chair(S, x, z, rot=rot, seat=p['seat'], frame=p['wood'])
    else:
        dining_table(S, -1.1, 1.1, cz - 0.5, cz + 0.5, top=p['wood'])
        for x in (-0.65, 0.0, 0.65):
            chair(S, x, cz + 0.78, rot=0, seat=p['seat'], frame=p['wood'])
            chair(S, x, cz - 0.78, rot=180, seat=p['seat'], frame=p['wood'])
    # sideboard + art
    S.box(-1.5, 1.5, 0.12, 0.78, D - 0.45, D, M_doors(p['wood'], width=0.5), top=M_flat(p['wood'], var=0.05))
    for x in (-1.45, 1.4):
        S.box(x, x + 0.05, 0, 0.12, D - 0.4, D - 0.05, '#2b2622', shadow=False)
    artwork(S, -0.9, 0.9, 1.35, 2.35, art)
    vase(S, 1.05, 0.78, D - 0.25, r=0.1, h=0.38, col='#c9b79c', branch=True)
    table_lamp(S, -1.15, 0.78, D - 0.22, lit=True, s=0.8)
    if n_pend == 1:
        pendant(S, 0, cz, 1.7, r=0.45, kind=pend, col=p['metal'])
    else:
        for x in np.linspace(-0.6, 0.6, n_pend):
            pendant(S, x, cz, 1.75, r=0.24, kind=pend, col=p['metal'])
    plant(S, -2.3, D - 0.5, seed=seed, h=1.5)
    vase(S, 0.15, 0.76, cz, r=0.08, h=0.25, col='#e7dfd2')
    S.render()
    return S.finish(exposure=1.05)


# ------------------------------------------------------------------ bedroom

def bedroom(W, H, pal=None, cam=(0.4, 1.15, 0.0), fov=64, shift=-0.06, seed=3, art='hills', sun=(0.7, -0.55, 0.25),
            headboard=None, hotel=False, pend=False):
    p = dict(wall='#e7ded1', floor='#c2a27e', linen='#f1ebe1', throw='#b9a48a', head='#cdbfa9', frame='#8f7a63',
             ceiling='#f0e9df', accent='#b5694a')
    p.update(pal or {})
    D = 6.0
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-2.7, 2.7, 2.9, D), sun=sun, amb=0.3, seed=seed)
    S.ceiling_light = 0.55
    std(S, M_wood(p['floor'], plank=0.2, seam=0.8, var=0.06), p['wall'], p['ceiling'])
    if headboard == 'slats':
        S.mats['back'] = M_wall_with(M_flat(p['wall'], var=0.03), [(-1.6, 1.6, 0, 2.9, M_slats(p['frame'], pitch=0.07))])
    elif headboard == 'panel':
        S.mats['back'] = M_panel(p['wall'], pitch=1.2)
    S.windows.append(Window('left', D - 3.9, D - 1.0, 0.4, 2.6, cols=2, rows=1, sheer=0.35))
    curtain(S, 'left', D - 1.0, D - 0.2, 0.02, 2.85, col='#e9e0d1')
    curtain(S, 'left', D - 4.6, D - 3.9, 0.02, 2.85, col='#e9e0d1')
    rug(S, -1.6, 1.6, D - 3.1, D - 0.5, '#ddd2c1', '#cbbda7')
    bed(S, 0.0, D, w=1.9, L=2.2, linen=p['linen'], throw=p['throw'], frame=p['frame'], head=p['head'],
        pillows=('#f4efe6', p['accent'] if not hotel else '#ded3c2'))
    for x in (-1.35, 1.35):
        S.box(x - 0.25, x + 0.25, 0.0, 0.5, D - 0.45, D - 0.02, M_doors(p['frame'], width=0.5, top=0.25),
              top=M_flat(p['frame'], var=0.04))
        if pend:
            pendant(S, x, D - 0.3, 1.25, r=0.12, kind='globe')
        else:
            table_lamp(S, x, 0.5, D - 0.25, s=0.8)
    if hotel:
        S.box(-1.0, 1.0, 0.35, 0.45, D - 3.3, D - 2.85, M_flat(p['throw'], var=0.05))
        for x in (-0.9, 0.85):
            S.box(x, x + 0.05, 0, 0.35, D - 3.25, D - 2.9, '#2b2622')
    else:
        artwork(S, -0.7, 0.7, 1.5, 2.3, art, frame='#b08d57')
    plant(S, 2.2, D - 0.4, seed=seed, h=1.2, pot='#d8cbb6')
    S.render()
    return S.finish(exposure=1.05)


# ------------------------------------------------------------------ kitchen

def kitchen(W, H, pal=None, cam=(0.2, 1.35, 0.0), fov=66, shift=-0.06, seed=4, sun=(0.6, -0.6, 0.35), uppers=True,
            island_on=True, pend='dome', dining_nook=False, cam_note=None):
    p = dict(wall='#ece5da', floor='#c6a985', upper='#ece5d9', lower='#8c7c6a', top_base='#eeeae3',
             top_vein='#b7ada0', ceiling='#f1ebe2', island='#7e6b58', stool='#6b4a33', metal='#b08d57',
             splash=None)
    p.update(pal or {})
    D = 6.2
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-2.9, 2.9, 2.9, D), sun=sun, amb=0.3, seed=seed)
    S.ceiling_light = 0.6
    marble = M_marble(p['top_base'], p['top_vein'], scale=0.8, strength=0.5)
    splash = M_marble(p['top_base'], p['top_vein'], scale=1.0, strength=0.55, seed=2) if p['splash'] is None else \
        p['splash']
    wall = M_flat(p['wall'], var=0.03)
    S.mats['floor'] = M_tiles('#d9d0c3', tw=0.8, th=0.8, grout='#c8bfb2', gw=0.003, var=0.03) if p.get('tilefloor') \
        else M_wood(p['floor'], plank=0.2, seam=0.8, var=0.06)
    S.mats['back'] = M_wall_with(wall, [(-2.9, 1.6, 0.92, 1.55, splash)])
    S.mats['left'] = M_flat(p['wall'], var=0.03, seed=1)
    S.mats['right'] = M_flat(p['wall'], var=0.03, seed=2)
    S.mats['ceiling'] = M_flat(p['ceiling'], var=0.02)
    S.windows.append(Window('left', 1.2, 3.6, 0.05, 2.7, cols=2, trees='#7a8265'))
    # run along back wall
    S.box(-2.9, 1.6, 0.1, 0.88, D - 0.62, D, M_doors(p['lower'], width=0.6, handle='#b08d57', y_h=0.8))
    S.box(-2.88, 1.58, 0, 0.1, D - 0.56, D, '#2b2622', shadow=False)
    S.box(-2.92, 1.62, 0.88, 0.92, D - 0.64, D, marble, gloss=0.3)
    if uppers:
        S.box(-2.9, -0.4, 1.6, 2.5, D - 0.36, D, M_doors(p['upper'], width=0.5))
        S.box(0.6, 1.6, 1.6, 2.5, D - 0.36, D, M_doors(p['upper'], width=0.5))
        # hood
        S.box(-0.35, 0.55, 1.75, 2.9, D - 0.4, D, M_flat(p['upper'], var=0.02))
        cove(S, D - 0.37, -2.88, -0.42, 1.6, inten=0.7)
        cove(S, D - 0.37, 0.62, 1.58, 1.6, inten=0.7)
    else:
        for y in (1.75, 2.2):
            S.box(-2.6, 1.3, y, y + 0.04, D - 0.3, D, M_flat(p['island'], var=0.04), shadow=False)
        for x in (-2.2, -1.6, 0.4):
            vase(S, x, 1.79, D - 0.15, r=0.07, h=0.22, col='#e4dccd')
    # tall units on the right
    S.box(1.6, 2.9, 0.0, 2.7, D - 0.62, D, M_doors(p['upper'], width=0.65, handle='#b08d57', y_h=1.1),
          sides=M_flat(p['upper'], var=0.02))
    vase(S, -1.8, 0.92, D - 0.25, r=0.09, h=0.3, col='#b5694a')
    S.box(-2.5, -2.1, 0.92, 1.25, D - 0.1, D - 0.03, M_flat('#7a5c45', var=0.05), shadow=False)
    if island_on:
        island(S, -1.2, 1.2, 3.0, 3.95, marble, M_doors(p['island'], width=0.6) if not p.get('fluted') else
               M_fluted(p['island']), stool_col=p['stool'])
        vase(S, 0.6, 0.92, 3.5, r=0.1, h=0.28, col='#e7dfd2', branch=True)
        for x in (-0.7, 0.0, 0.7):
            pendant(S, x, 3.45, 1.85, r=0.16, kind=pend, col=p['metal'])
    if dining_nook:
        dining_table(S, -2.6, -1.4, 2.4, 3.4, top=p['island'])
    S.render()
    return S.finish(exposure=1.05)


# ------------------------------------------------------------------ bathroom / spa

def bathroom(W, H, pal=None, cam=(0.1, 1.3, 0.0), fov=62, shift=-0.05, seed=5, sun=(0.6, -0.62, 0.3), tub=True,
             tiles='marble', showroom=False):
    p = dict(wall='#e6ddcf', stone='#ece6dc', vein='#bcb1a3', floor='#d3c9bb', wood='#8a6b4e', ceiling='#efe8de',
             metal='#b08d57')
    p.update(pal or {})
    D = 5.2
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-2.4, 2.4, 2.9, D), sun=sun, amb=0.32, seed=seed)
    S.ceiling_light = 0.55
    if tiles == 'marble':
        wt = M_tiles(p['stone'], tw=1.2, th=0.6, grout='#d7cfc3', gw=0.002, var=0.02,
                     inner=M_marble(p['stone'], p['vein'], scale=0.9, strength=0.45))
    elif tiles == 'zellige':
        wt = M_tiles(p['stone'], tw=0.1, th=0.1, grout='#d7cfc3', gw=0.004, var=0.08)
    else:
        wt = M_tiles(p['stone'], tw=0.3, th=0.6, grout='#cfc6b8', gw=0.003, var=0.05, stagger=0.5)
    S.mats['back'] = wt
    S.mats['right'] = M_flat(p['wall'], var=0.03)
    S.mats['left'] = M_flat(p['wall'], var=0.03)
    S.mats['floor'] = M_tiles(p['floor'], tw=0.6, th=1.2, grout='#c5bbad', gw=0.003, var=0.03)
    S.mats['ceiling'] = M_flat(p['ceiling'], var=0.02)
    S.windows.append(Window('left', 1.6, 3.6, 0.9, 2.6, cols=1, rows=1, sheer=0.25))
    if tub:
        S.prism(0.1, D - 1.2, 0.78, 0.85, 0, 0.58, M_flat('#f4f0e9', var=0.02), rz=0.5, seg=48, gloss=0.3,
                top=M_flat('#e8e2d8', var=0.02))
        S.prism(0.1, D - 1.2, 0.68, 0.74, 0.45, 0.585, M_flat('#dcd6cc', var=0.01), rz=0.45, seg=48, shadow=False)
        S.box(0.9, 0.93, 0, 1.05, D - 1.2, D - 1.17, p['metal'], gloss=0.5)
        S.box(0.78, 0.93, 1.0, 1.03, D - 1.2, D - 1.17, p['metal'], gloss=0.5)
    # floating vanity on the right wall
    vz0, vz1 = 1.6, 3.2
    S.box(1.85, 2.4, 0.45, 0.85, vz0, vz1, M_doors(p['wood'], width=0.8) if not showroom else p['wood'],
          top=M_marble(p['stone'], p['vein'], seed=3))
    S.prism(2.1, (vz0 + vz1) / 2, 0.22, 0.2, 0.85, 0.99, M_flat('#f3efe8', var=0.02), seg=36, gloss=0.3)
    S.face([(2.39, 1.05, vz0 + 0.2), (2.39, 2.2, vz0 + 0.2), (2.39, 2.2, vz1 - 0.2), (2.39, 1.05, vz1 - 0.2)],
           M_func(lambda u, v: paint('mirror', (u - vz0) / (vz1 - vz0), (v - 1.05) / 1.15)), normal=(-1, 0, 0),
           depth=2.2, ao=False, gloss=0.6)
    S.box(2.32, 2.4, 2.25, 2.3, vz0 + 0.3, vz1 - 0.3, '#ffe8c8', emissive=2.5, shadow=False)
    S.glow((2.3, 2.2, (vz0 + vz1) / 2), 0.5, '#ffd9a0', 0.25)
    plant(S, -1.9, D - 0.4, seed=seed, h=1.1, pot='#cdbfa9', kind='fine')
    S.box(-2.4, -1.0, 0, 0.45, D - 0.5, D, M_marble(p['stone'], p['vein'], seed=5))
    vase(S, -1.3, 0.45, D - 0.25, r=0.07, h=0.2, col='#b5694a')
    S.render()
    return S.finish(exposure=1.05)


def spa_pool(W, H, pal=None, cam=(0.0, 1.25, 0.0), fov=70, shift=-0.08, seed=6, sun=(0.3, -0.7, -0.6)):
    p = dict(wall='#d9cdbb', wood='#9c7653', stone='#d6ccbd', ceiling='#e9e0d3')
    p.update(pal or {})
    D = 8.0
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-3.2, 3.2, 3.2, D), sun=sun, amb=0.26, seed=seed)
    S.ceiling_light = 0.4
    pool = M_water()
    stone = M_tiles(p['stone'], tw=0.9, th=0.45, grout='#bfb4a4', gw=0.003, var=0.04)
    S.mats['floor'] = lambda P, n: np.where(((np.abs(P[:, 0]) < 1.6) & (P[:, 2] > 2.8) & (P[:, 2] < D - 1.2))[:, None],
                                            pool(P, n), stone(P, n))
    S.mats['left'] = M_slats(p['wood'], pitch=0.08, gap=0.2)
    S.mats['right'] = M_slats(p['wood'], pitch=0.08, gap=0.2)
    S.mats['back'] = M_flat(p['wall'], var=0.04)
    S.mats['ceiling'] = M_slats(p['wood'], pitch=0.12, axis='v', gap=0.15)
    S.windows.append(Window('back', -1.5, 1.5, 0.05, 2.9, cols=3, trees='#6f775d', tree_h=0.7))
    S.box(-3.2, -2.4, 0, 0.45, 2.0, D - 0.5, M_flat('#cfc5b5', var=0.03))
    S.box(2.5, 3.2, 0, 0.45, 2.0, D - 0.5, M_flat('#cfc5b5', var=0.03))
    for z in (3.0, 4.6):
        S.box(2.55, 3.15, 0.45, 0.52, z, z + 1.0, M_flat('#efe7da', var=0.03), shadow=False)
    for x in (-2.6, 2.6):
        for z in (2.5, 4.5, 6.5):
            S.glow((x, 0.5, z), 0.3, '#ffcf8f', 0.12)
    cove(S, D - 0.03, -3.1, -1.6, 3.15, inten=0.6)
    cove(S, D - 0.03, 1.6, 3.1, 3.15, inten=0.6)
    plant(S, -2.2, D - 0.5, seed=seed, h=1.6, pot='#cdbfa9')
    plant(S, 2.2, D - 0.5, seed=seed + 1, h=1.4, pot='#cdbfa9')
    S.render()
    return S.finish(exposure=1.1)


def showroom(W, H, pal=None, cam=(0.0, 1.35, 0.0), fov=70, shift=-0.06, seed=7, bays=3, sun=None):
    p = dict(wall='#e3d9ca', stone='#e9e3d9', vein='#b9ad9d', floor='#cfc6b8', wood='#8a6b4e', ceiling='#ece5da',
             niche='#cbbda9')
    p.update(pal or {})
    D = 7.0
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-3.6, 3.6, 3.2, D), sun=sun, amb=0.38, seed=seed,
              win_int=0.0)
    S.ceiling_light = 0.5
    S.mats['floor'] = M_tiles(p['floor'], tw=1.2, th=1.2, grout='#c2b8aa', gw=0.002, var=0.02,
                              inner=M_marble(p['floor'], '#b3a899', scale=1.2, strength=0.3))
    S.mats['ceiling'] = M_flat(p['ceiling'], var=0.02)
    S.mats['left'] = M_fluted(p['wall'], pitch=0.06, depth=0.2)
    S.mats['right'] = M_fluted(p['wall'], pitch=0.06, depth=0.2)
    items = []
    xs = np.linspace(-3.6, 3.6, bays + 1)
    for i in range(bays):
        a0, a1 = xs[i] + 0.25, xs[i + 1] - 0.25
        inner = M_marble(p['stone'], p['vein'], seed=i, scale=0.9) if i % 2 == 0 else M_slats(p['wood'], pitch=0.05)
        items.append((a0, a1, 0.0, 2.6, inner))
    S.mats['back'] = M_wall_with(M_flat(p['niche'], var=0.03), items)
    S.extra_lights = []
    for i in range(bays):
        cx = (xs[i] + xs[i + 1]) / 2
        # plinth + basin
        S.box(cx - 0.5, cx + 0.5, 0, 0.85, D - 0.7, D - 0.15, M_flat('#f0eae0', var=0.02) if i % 2 else p['wood'],
              top=M_marble(p['stone'], p['vein'], seed=i + 4))
        S.prism(cx, D - 0.43, 0.22, 0.17, 0.85, 1.0, M_flat('#f5f1ea', var=0.01), seg=40, gloss=0.3)
        S.box(cx - 0.01, cx + 0.01, 0.85, 1.18, D - 0.2, D - 0.18, p.get('metal', '#b08d57'), gloss=0.5)
        S.box(cx - 0.01, cx + 0.01, 1.16, 1.18, D - 0.35, D - 0.18, p.get('metal', '#b08d57'), gloss=0.5)
        S.box(xs[i] + 0.25, xs[i + 1] - 0.25, 2.6, 2.62, D - 0.3, D - 0.02, '#ffe7c4', emissive=3.0, shadow=False)
        S.extra_lights.append(((cx, 2.4, D - 0.25), lin('#ffdcab') * 0.5))
        S.glow((cx, 2.5, D - 0.2), 0.7, '#ffd9a0', 0.12)
        # partitions
        if i > 0:
            S.box(xs[i] - 0.25, xs[i] + 0.25, 0, 3.2, D - 0.9, D, M_flat(p['wall'], var=0.03))
    # freestanding tub in the middle
    S.prism(0.0, D - 2.8, 0.75, 0.82, 0, 0.55, M_flat('#f4f0e9', var=0.02), rz=0.48, seg=48, gloss=0.3,
            top=M_flat('#e6e0d6', var=0.02))
    S.prism(0.0, D - 2.8, 0.65, 0.7, 0.44, 0.555, M_flat('#d8d2c8', var=0.01), rz=0.44, seg=48, shadow=False)
    for x in (-2.8, 2.8):
        S.box(x - 0.35, x + 0.35, 0, 0.45, 2.2, 2.9, M_flat('#d8cdbd', var=0.03), top=M_marble('#e7e0d5', '#b9ad9d'))
    for x in np.linspace(-2.4, 2.4, 4):
        S.glow((x, 3.1, 3.0), 0.25, '#ffe2b8', 0.3)
    S.render()
    return S.finish(exposure=1.08)


# ------------------------------------------------------------------ media / entertainment room

def media(W, H, pal=None, cam=(0.0, 1.25, 0.0), fov=66, shift=-0.04, seed=8, view='wall', tv_on=True):
    p = dict(wall='#4b4039', slats='#6a4d3a', floor='#6e5b4b', fabric='#8f8374', ceiling='#3e3631',
             accent='#b08d57', rug='#5d5149')
    p.update(pal or {})
    D = 6.5
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-3.0, 3.0, 2.9, D), sun=None, amb=0.07, seed=seed,
              amb_col='#e8d8c0', win_int=0.0)
    S.ceiling_light = 0.8
    S.mats['floor'] = M_wood(p['floor'], plank=0.22, seam=0.8, var=0.05)
    S.mats['ceiling'] = M_flat(p['ceiling'], var=0.02)
    S.mats['left'] = M_flat(p['wall'], var=0.04)
    S.mats['right'] = M_flat(p['wall'], var=0.04)
    tv = (-1.25, 1.25, 0.95, 2.35)
    S.mats['back'] = M_wall_with(M_slats(p['slats'], pitch=0.07, gap=0.22),
                                 [(-1.55, 1.55, 0.75, 2.6, M_flat('#2c2622', var=0.03))])
    S.extra_lights = [((-2.2, 2.6, D - 0.4), lin('#ffcf8f') * 0.9), ((2.2, 2.6, D - 0.4), lin('#ffcf8f') * 0.9),
                      ((0, 2.8, 3.0), lin('#ffdcaa') * 0.5), ((0, 0.4, D - 0.5), lin('#ffcf8f') * 0.3)]
    # screen
    def screen(P, n):
        u = (P[:, 0] - tv[0]) / (tv[1] - tv[0])
        v = (P[:, 1] - tv[2]) / (tv[3] - tv[2])
        base = paint('hills', u, v) if tv_on else np.broadcast_to(lin('#1c1a18'), (len(u), 3)).copy()
        return base
    S.face([(tv[0], tv[2], D - 0.06), (tv[1], tv[2], D - 0.06), (tv[1], tv[3], D - 0.06), (tv[0], tv[3], D - 0.06)],
           screen, normal=(0, 0, -1), emissive=0.55 if tv_on else 1.0, depth=D + 1)
    S.box(tv[0] - 0.02, tv[1] + 0.02, tv[2] - 0.02, tv[3] + 0.02, D - 0.06, D - 0.01, '#141210', shadow=False,
          depth=D + 2)
    # low console
    S.box(-2.2, 2.2, 0.18, 0.55, D - 0.5, D, M_slats('#3b302a', pitch=0.4, gap=0.02),
          top=M_flat('#3b302a', var=0.03))
    S.box(-2.2, 2.2, 0.14, 0.18, D - 0.48, D, '#ffe3b8', emissive=1.3, shadow=False)
    # cove at ceiling
    cove(S, D - 0.05, -2.9, 2.9, 2.85, inten=1.1)
    for x in (-2.3, 2.3):
        S.box(x - 0.2, x + 0.2, 0.0, 2.4, D - 0.4, D - 0.02, M_flat('#3b302a', var=0.03))
        S.glow((x, 2.45, D - 0.3), 0.45, '#ffcf8f', 0.3)
    if view == 'wall':
        rug(S, -2.0, 2.0, 1.8, D - 1.2, p['rug'], '#4f443d')
        # sectional seen from behind
        sofa(S, 1.4, 2.35, w=2.8, d=1.0, rot=180, fabric=p['fabric'], pillows=None)
        coffee_table(S, 0.0, 3.6, r=0.5, top='#2f2824', base='#2f2824')
        vase(S, 0.1, 0.36, 3.6, r=0.06, h=0.2, col=p['accent'])
    else:
        sofa(S, -1.5, 3.2, w=2.6, d=0.95, rot=90, fabric=p['fabric'], pillows=(p['accent'],))
        armchair(S, 2.6, 4.4, rot=270, fabric=p['fabric'])
        coffee_table(S, 0.4, 4.1, r=0.45, top='#2f2824', base=p['accent'])
    S.render()
    return S.finish(exposure=1.35, vignette=0.3, lift='#2a221c')


def bar(W, H, pal=None, cam=(0.2, 1.3, 0.0), fov=64, shift=-0.05, seed=9):
    p = dict(wall='#4b4039', wood='#5b4334', floor='#6e5b4b', ceiling='#3e3631', stone='#ddd4c7', vein='#9f9383',
             metal='#b08d57', stool='#8f8374')
    p.update(pal or {})
    D = 5.0
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-2.6, 2.6, 2.9, D), sun=None, amb=0.08, seed=seed,
              amb_col='#e8d8c0', win_int=0.0)
    S.ceiling_light = 0.9
    S.mats['floor'] = M_wood(p['floor'], plank=0.22, seam=0.8, var=0.05)
    S.mats['ceiling'] = M_flat(p['ceiling'], var=0.02)
    S.mats['left'] = M_flat(p['wall'], var=0.04)
    S.mats['right'] = M_flat(p['wall'], var=0.04)
    S.mats['back'] = M_wall_with(M_flat(p['wall'], var=0.04),
                                 [(-1.8, 1.8, 0.95, 2.5, M_marble(p['stone'], p['vein'], scale=0.8, strength=0.6))])
    S.extra_lights = [((0, 2.2, D - 0.5), lin('#ffcf8f') * 1.2), ((0, 2.7, 2.5), lin('#ffdcaa') * 0.4)]
    # backlit shelves
    for y in (1.5, 2.0):
        S.box(-1.6, 1.6, y, y + 0.03, D - 0.3, D, M_flat(p['wood'], var=0.04), shadow=False)
        S.box(-1.6, 1.6, y - 0.012, y, D - 0.3, D - 0.27, '#ffe3b8', emissive=2.5, shadow=False)
        S.glow((0, y - 0.05, D - 0.2), 0.9, '#ffcf8f', 0.08)
        rng = np.random.default_rng(int(y * 10))
        for x in np.linspace(-1.45, 1.45, 9):
            h = 0.2 + 0.12 * rng.random()
            col = ['#6a4a2c', '#3f5140', '#c9b79c', '#8a3f2a', '#e8dfcf'][rng.integers(5)]
            S.prism(x, D - 0.15, 0.035, 0.035, y + 0.03, y + 0.03 + h, col, seg=14, gloss=0.6, shadow=False)
    S.box(-1.9, 1.9, 0.1, 0.9, D - 0.62, D, M_slats(p['wood'], pitch=0.06, gap=0.2))
    S.box(-1.92, 1.92, 0.9, 0.94, D - 0.64, D, M_marble(p['stone'], p['vein'], scale=0.8), gloss=0.4)
    # counter in front
    S.box(-1.5, 1.5, 0.0, 1.05, 2.6, 3.2, M_fluted(p['wood'], pitch=0.05, depth=0.3),
          top=M_marble(p['stone'], p['vein']))
    S.box(-1.55, 1.55, 1.05, 1.09, 2.55, 3.25, M_marble(p['stone'], p['vein']), gloss=0.4)
    for x in (-0.9, 0.0, 0.9):
        S.prism(x, 2.15, 0.19, 0.19, 0.72, 0.78, p['stool'], seg=28)
        S.prism(x, 2.15, 0.03, 0.03, 0.0, 0.72, p['metal'], seg=10, gloss=0.5)
        S.prism(x, 2.15, 0.16, 0.16, 0.0, 0.02, p['metal'], seg=20, gloss=0.5)
        pendant(S, x, 2.9, 1.7, r=0.12, kind='globe')
    S.render()
    return S.finish(exposure=1.3, vignette=0.3)


# ------------------------------------------------------------------ hotel

def lobby(W, H, pal=None, cam=(0.0, 1.45, 0.0), fov=72, shift=-0.1, seed=10, sun=(0.35, -0.6, -0.7), arches=3):
    p = dict(wall='#e0d4c2', floor='#e8e0d4', vein='#b6aa98', wood='#7a5a40', ceiling='#ebe3d7', metal='#b08d57',
             fabric='#cdbda6', desk='#6b5040')
    p.update(pal or {})
    D = 10.0
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-4.6, 4.6, 5.2, D), sun=sun, amb=0.3, seed=seed,
              win_int=1.8)
    S.ceiling_light = 0.55
    S.mats['floor'] = M_tiles(p['floor'], tw=1.0, th=1.0, grout='#cfc5b6', gw=0.003, var=0.02,
                              inner=M_marble(p['floor'], p['vein'], scale=1.4, strength=0.35))
    S.mats['ceiling'] = M_flat(p['ceiling'], var=0.02)
    S.mats['left'] = M_fluted(p['wood'], pitch=0.08, depth=0.35)
    S.mats['right'] = M_fluted(p['wood'], pitch=0.08, depth=0.35)
    S.mats['back'] = M_flat(p['wall'], var=0.03)
    xs = np.linspace(-3.6, 3.6, arches)
    for x in xs:
        S.windows.append(Window('back', x - 0.9, x + 0.9, 0.0, 4.3, cols=2, rows=1, arch=True, mw=0.05,
                                trees='#77805f', tree_h=0.35, seed=int(x * 10) + 20))
    # reception desk
    S.box(-1.8, 1.8, 0, 1.1, 6.3, 7.0, M_fluted(p['desk'], pitch=0.06, depth=0.3),
          top=M_marble(p['floor'], p['vein']))
    S.box(-1.85, 1.85, 1.1, 1.15, 6.25, 7.05, M_marble('#efe9df', p['vein'], scale=0.6), gloss=0.4)
    S.box(-1.75, 1.75, 0.0, 0.06, 6.28, 6.3, '#ffe2b5', emissive=2.0, shadow=False)
    vase(S, 1.3, 1.15, 6.6, r=0.12, h=0.45, col='#b5694a', branch=True)
    # lounge group
    rug(S, -3.9, -1.0, 3.4, 5.8, '#d8ccba', '#b8a58c')
    armchair(S, -3.7, 4.0, rot=90, fabric=p['fabric'])
    armchair(S, -1.2, 4.9, rot=270, fabric=p['fabric'])
    coffee_table(S, -2.45, 4.6, r=0.45, top=p['wood'])
    armchair(S, 2.4, 4.6, rot=0, fabric=p['fabric'])
    side_table(S, 3.5, 5.0)
    for x in (-3.0, 0.0, 3.0):
        pendant(S, x, 6.0 if x == 0 else 4.2, 3.5, r=0.35, kind='globe')
    plant(S, -4.0, D - 0.7, h=2.4, spread=0.7, seed=seed, pot='#cdbfa9')
    plant(S, 4.0, D - 0.7, h=2.2, spread=0.7, seed=seed + 3, pot='#cdbfa9')
    S.render()
    return S.finish(exposure=1.05)


def restaurant(W, H, pal=None, cam=(0.3, 1.4, 0.0), fov=70, shift=-0.07, seed=11, sun=(0.6, -0.55, 0.4)):
    p = dict(wall='#e2d6c5', floor='#b99a78', wood='#5c4535', ceiling='#ece4d8', metal='#b08d57',
             banquette='#9c7a5e', seat='#cdbda6', cloth='#f2ece2')
    p.update(pal or {})
    D = 9.0
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-3.4, 3.4, 3.6, D), sun=sun, amb=0.28, seed=seed)
    S.ceiling_light = 0.55
    S.mats['floor'] = M_herringbone(p['floor'])
    S.mats['ceiling'] = M_flat(p['ceiling'], var=0.02)
    S.mats['back'] = M_panel(p['wall'], pitch=1.3, y1=3.2, rail=1.0)
    S.mats['right'] = M_panel(p['wall'], pitch=1.3, y1=3.2, rail=1.0)
    S.mats['left'] = M_flat(p['wall'], var=0.03)
    for z in (2.6, 5.0, 7.4):
        S.windows.append(Window('left', z - 0.8, z + 0.8, 0.4, 3.2, cols=2, rows=2, arch=True, trees='#77805f'))
    # banquette along right wall
    S.box(2.75, 3.4, 0, 0.45, 1.5, D - 0.2, M_flat(p['banquette'], var=0.04))
    S.box(3.15, 3.4, 0.45, 1.1, 1.5, D - 0.2, M_flat(p['banquette'], var=0.04))
    for z in (2.4, 4.2, 6.0, 7.8):
        S.box(1.8, 2.5, 0.72, 0.76, z - 0.35, z + 0.35, M_flat(p['cloth'], var=0.02))
        S.box(2.12, 2.18, 0, 0.72, z - 0.03, z + 0.03, p['metal'])
        chair(S, 1.3, z, rot=270, seat=p['seat'], frame=p['wood'])
        pendant(S, 2.15, z, 1.75, r=0.14, kind='dome', col=p['metal'])
        table_lamp(S, 2.15, 0.76, z, s=0.35)
    for z in (3.3, 6.3):
        S.prism(-1.0, z, 0.12, 0.12, 0, 0.72, p['wood'])
        S.prism(-1.0, z, 0.55, 0.55, 0.72, 0.76, M_flat(p['cloth'], var=0.02), seg=48)
        for ang in (0.3, 2.0, 3.6, 5.0):
            x, zz = -1.0 + 0.85 * math.cos(ang), z + 0.85 * math.sin(ang)
            rot = 0 if math.sin(ang) < -0.6 else 180 if math.sin(ang) > 0.6 else (270 if math.cos(ang) > 0 else 90)
            chair(S, x, zz, rot=rot, seat=p['seat'], frame=p['wood'])
        pendant(S, -1.0, z, 2.2, r=0.4, kind='drum')
    S.render()
    return S.finish(exposure=1.05)


# ------------------------------------------------------------------ corridor / gallery (portfolio hero)

def gallery(W, H, pal=None, cam=(0.0, 1.4, 0.0), fov=62, shift=-0.02, seed=12, sun=(0.55, -0.6, 0.3)):
    p = dict(wall='#ece5da', floor='#cdb598', ceiling='#efe8de')
    p.update(pal or {})
    D = 14.0
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-2.2, 2.2, 3.2, D), sun=sun, amb=0.3, seed=seed)
    S.ceiling_light = 0.6
    std(S, M_wood(p['floor'], plank=0.2, along='z', seam=0.8, var=0.05), p['wall'], p['ceiling'])
    for z in (3.0, 6.5, 10.0):
        S.windows.append(Window('left', z, z + 2.0, 0.05, 3.0, cols=1, trees='#77805f'))
    S.windows.append(Window('back', -0.8, 0.8, 0.05, 2.6, cols=1, trees='#77805f', tree_h=0.6))
    arts = ['arc', 'blocks', 'hills', 'stripes', 'sun']
    for i, z in enumerate((2.2, 4.8, 8.3, 11.8)):
        x = 2.19
        y0, y1 = 1.1, 2.2
        w = 1.2
        S.face([(x, y0, z), (x, y1, z), (x, y1, z + w), (x, y0, z + w)],
               M_func(lambda u, v, z=z, k=arts[i]: paint(k, (u - z) / w, (v - y0) / (y1 - y0))),
               normal=(-1, 0, 0), depth=z, ao=False)
        S.glow((2.0, 2.5, z + 0.6), 0.35, '#ffd9a0', 0.15)
    S.box(-0.4, 0.4, 0, 0.9, 9.0, 9.8, M_flat('#e4dbcd', var=0.02))
    vase(S, 0.0, 0.9, 9.4, r=0.14, h=0.5, col='#b5694a')
    S.render()
    return S.finish(exposure=1.05)


# ------------------------------------------------------------------ studio interiors (founder, about)

def studio(W, H, cam=(0.0, 1.3, 0.0), fov=66, shift=-0.04, seed=13, figure='seated', sun=(0.2, -0.55, -0.8),
           models=True, wide=False):
    D = 6.5
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-3.2 if not wide else -5.0, 3.2 if not wide else 5.0, 3.2, D),
              sun=sun, amb=0.28, seed=seed, win_int=2.4)
    S.ceiling_light = 0.5
    std(S, M_wood('#c2a582', plank=0.2, seam=0.8, var=0.06), '#ebe4d8', '#f0e9df')
    wx = (-2.2, 1.4) if not wide else (-3.6, 3.6)
    S.windows.append(Window('back', wx[0], wx[1], 0.05, 2.95, cols=3 if not wide else 6, rows=1, trees='#7d8467',
                            tree_h=0.5, mw=0.05))
    # long worktable with drafting board
    tx0, tx1 = (-2.4, 0.6) if not wide else (-3.2, 2.8)
    S.box(tx0, tx1, 0.72, 0.76, 3.6, 4.5, M_wood('#b89370', plank=0.3, along='x', seam=0.85, var=0.05))
    for x in (tx0 + 0.1, tx1 - 0.16):
        S.box(x, x + 0.05, 0, 0.72, 3.7, 4.4, '#2b2622')
    # papers and samples on the table (thin boxes)
    rng = np.random.default_rng(seed)
    for i in range(5):
        x = tx0 + 0.3 + rng.random() * (tx1 - tx0 - 0.9)
        z = 3.7 + rng.random() * 0.5
        S.box(x, x + 0.42, 0.76, 0.765, z, z + 0.3, '#f3eee6', shadow=False, ao=False)
    for i, c in enumerate(['#b5694a', '#a39482', '#e0d6c6', '#6b4a33']):
        x = tx1 - 0.5 + i * 0.1
        S.box(x, x + 0.09, 0.76, 0.78, 3.75, 3.9, c, shadow=False)
    if models:
        mx = tx0 + 0.6
        S.box(mx, mx + 0.5, 0.76, 0.96, 4.0, 4.35, '#f1ece3')
        S.box(mx + 0.1, mx + 0.3, 0.96, 1.16, 4.05, 4.25, '#f1ece3')
        S.box(mx + 0.55, mx + 0.8, 0.76, 0.86, 4.1, 4.3, '#d7c7ae')
    table_lamp(S, tx1 - 0.25, 0.76, 4.3, s=0.7, col='#2f2a26')
    # shelving on the right wall with samples
    shelf_unit(S, 2.3, 3.2, 0.0, 2.6, 6.45, depth=0.4, col='#8a6b4e', shelves=5, seed=seed) if not wide else None
    if figure == 'seated':
        _figure_seated(S, x=tx0 + 1.55, z=4.75, scale=1.0)
        # stool
        S.prism(tx0 + 1.6, 4.85, 0.18, 0.18, 0.6, 0.65, '#2a2826', seg=24)
        S.prism(tx0 + 1.6, 4.85, 0.025, 0.025, 0, 0.6, '#2a2826', seg=8)
    elif figure == 'standing':
        _figure_standing(S, x=1.0, z=4.8)
    plant(S, -2.8, D - 0.5, seed=seed, h=1.6, pot='#cdbfa9')
    if wide:
        plant(S, 4.4, D - 0.5, seed=seed + 1, h=1.8, pot='#b5694a')
        for x in (-2.0, 0.0, 2.0):
            pendant(S, x, 4.05, 1.9, r=0.2, kind='dome')
    else:
        pendant(S, tx0 + 1.2, 4.05, 1.85, r=0.22, kind='dome')
    S.render()
    return S.finish(exposure=1.02)


def _fig_poly(S, pts_local, x, z, col, depth, scale=1.0, flip=False):
    arr = np.asarray(pts_local, float)

    def pts():
        xs = arr[:, 0] * scale * (-1 if flip else 1) + x
        ys = arr[:, 1] * scale
        P = np.stack([xs, ys, np.full(len(xs), z)], 1)
        return S.proj(P)
    S.poly2d(pts, col, depth=depth)


def _ellipse(cx, cy, rx, ry, n=28, rot=0.0):
    a = np.linspace(0, 2 * math.pi, n, endpoint=False)
    ex, ey = rx * np.cos(a), ry * np.sin(a)
    c, s = math.cos(rot), math.sin(rot)
    return np.stack([cx + ex * c - ey * s, cy + ex * s + ey * c], 1)


FIG = '#2b2622'


def _figure_seated(S, x, z, scale=1.0, col=None):
    """abstract seated profile (facing -x, toward the drafting table), as a flat silhouette."""
    c = lin(col or FIG) * 0.6
    d = z - 0.01
    # torso leaning forward
    torso = [(-0.02, 0.66), (0.2, 0.66), (0.2, 0.9), (0.16, 1.12), (0.1, 1.22), (0.02, 1.26), (-0.08, 1.24),
             (-0.14, 1.16), (-0.1, 0.95), (-0.06, 0.8)]
    _fig_poly(S, torso, x, z, c, d)
    # neck + head + bun
    _fig_poly(S, [(-0.05, 1.22), (0.02, 1.22), (0.0, 1.33), (-0.07, 1.33)], x, z, c, d)
    _fig_poly(S, _ellipse(-0.07, 1.41, 0.085, 0.105, rot=0.3), x, z, c, d)
    _fig_poly(S, _ellipse(0.02, 1.46, 0.05, 0.05), x, z, c, d)
    # thigh + shin
    _fig_poly(S, [(0.18, 0.62), (-0.28, 0.64), (-0.3, 0.74), (0.18, 0.76)], x, z, c, d)
    _fig_poly(S, [(-0.2, 0.7), (-0.3, 0.72), (-0.36, 0.08), (-0.27, 0.06)], x, z, c, d)
    _fig_poly(S, [(-0.36, 0.08), (-0.27, 0.06), (-0.24, 0.0), (-0.42, 0.0)], x, z, c, d)
    # arm reaching to the table
    _fig_poly(S, [(-0.02, 1.18), (-0.1, 1.16), (-0.3, 0.9), (-0.45, 0.84), (-0.46, 0.79), (-0.27, 0.82), (-0.02, 1.05)],
              x, z, c, d)


def _figure_standing(S, x, z, scale=1.0, col=None, flip=False):
    c = lin(col or FIG) * 0.6
    d = z - 0.01
    body = [(-0.16, 0.0), (0.16, 0.0), (0.13, 0.5), (0.1, 0.92), (0.13, 1.1), (0.15, 1.3), (0.12, 1.42),
            (0.04, 1.46), (-0.05, 1.46), (-0.12, 1.4), (-0.12, 1.2), (-0.1, 0.95), (-0.12, 0.5)]
    _fig_poly(S, body, x, z, c, d, scale, flip)
    _fig_poly(S, [(-0.04, 1.42), (0.04, 1.42), (0.03, 1.52), (-0.04, 1.52)], x, z, c, d, scale, flip)
    _fig_poly(S, _ellipse(-0.01, 1.61, 0.085, 0.105, rot=-0.15), x, z, c, d, scale, flip)
    _fig_poly(S, _ellipse(0.07, 1.66, 0.05, 0.05), x, z, c, d, scale, flip)
    # arm holding a drawing roll
    _fig_poly(S, [(-0.08, 1.38), (-0.14, 1.3), (-0.28, 1.12), (-0.26, 1.06), (-0.1, 1.2)], x, z, c, d, scale, flip)
    _fig_poly(S, [(-0.3, 1.03), (-0.22, 1.2), (-0.2, 1.19), (-0.28, 1.02)], x, z, lin('#e9e1d3') * 0.5, d - 0.001,
              scale, flip)


# ------------------------------------------------------------------ exterior architecture

def exterior(W, H, cam=(-1.5, 1.6, -4.0), fov=58, shift=0.2, seed=14, sun=(0.55, -0.5, 0.6)):
    S = Scene(W, H, cam=cam, hfov=fov, shift=shift, room=(-50, 50, 50, 80), sun=sun, amb=0.42, seed=seed,
              sun_int=1.8, win_int=0.0, amb_col='#e8eef0')
    S.outdoor = True
    white = M_flat('#ece6dc', var=0.03, sc=0.3)
    timber = M_slats('#9c7452', pitch=0.09, gap=0.2)
    glass = M_gradient_sky()
    stone = M_tiles('#cdbfa9', tw=0.6, th=0.3, grout='#b5a893', gw=0.004, var=0.06, stagger=0.5)
    # plinth + volumes
    S.box(-6, 7, 0, 0.4, 12, 20, M_flat('#d5ccbf', var=0.02))
    S.box(-5, 2.5, 0.4, 3.6, 13, 19, white)
    S.face([(-4.4, 0.5, 12.99), (1.9, 0.5, 12.99), (1.9, 3.2, 12.99), (-4.4, 3.2, 12.99)], glass, normal=(0, 0, -1),
           depth=12.5, ao=False)
    for xx in np.linspace(-4.4, 1.9, 6):
        S.box(xx - 0.03, xx + 0.03, 0.5, 3.2, 12.94, 12.99, '#2f2b27', shadow=False, depth=12.4)
    S.box(-2.0, 6.5, 3.6, 6.6, 12.2, 18, timber, top=white, sides=timber)
    S.box(-2.3, 6.8, 6.6, 6.85, 11.9, 18.3, white)
    S.face([(-1.0, 4.0, 12.19), (3.5, 4.0, 12.19), (3.5, 6.2, 12.19), (-1.0, 6.2, 12.19)], glass, normal=(0, 0, -1),
           depth=11.8, ao=False)
    S.box(2.5, 7, 0.4, 3.6, 14, 19, M_flat('#cfc3b2', var=0.03, sc=0.3))
    S.box(-5.2, 2.7, 3.6, 3.8, 12.8, 19.2, white)
    S.box(-8, -5.5, 0, 1.2, 10, 10.3, stone)
    # trees
    for (tx, tz, th, tr) in ((-8.5, 16, 6.5, 2.2), (9.0, 18, 5.5, 2.0), (-12, 22, 7.0, 2.6)):
        S.box(tx - 0.1, tx + 0.1, 0, th * 0.5, tz - 0.1, tz + 0.1, '#4a3f35')
        S.disc((tx, th * 0.7, tz), tr, '#6f7757', depth=tz - 0.5)
        S.disc((tx + tr * 0.4, th * 0.6, tz - 0.5), tr * 0.7, '#7b8461', depth=tz - 0.6)
    # pool
    def ground(P, n):
        g = M_flat('#9a9c7c', var=0.1, sc=0.4)(P, n) * 0.8
        pave = (P[:, 2] > 9) & (P[:, 2] < 12.2) & (P[:, 0] > -6) & (P[:, 0] < 7)
        g[pave] = M_tiles('#d9d0c2', tw=1.0, th=1.0, grout='#bfb4a4', gw=0.01, var=0.03)(P[pave], n)
        pool = (P[:, 2] > 9.6) & (P[:, 2] < 11.6) & (P[:, 0] > -1) & (P[:, 0] < 6)
        g[pool] = M_water('#9fb6b0', '#6f8e88')(P[pool], n) * 1.4
        return g
    S.render_outdoor(sky=('#c9d1d0', '#f2e8d8'), ground=ground)
    return S.finish(exposure=1.0, vignette=0.18)


def M_gradient_sky():
    a = lin('#59605e')
    b = lin('#c8cbc4')

    def f(P, n):
        t = np.clip((P[:, 1] - 0.4) / 6, 0, 1)
        k = 0.5 + 0.5 * np.sin(P[:, 0] * 0.9 + P[:, 1] * 0.5)
        return (a[None, :] * (1 - t[:, None]) + b[None, :] * t[:, None]) * (0.8 + 0.3 * k[:, None])
    return f


def founder_portrait(W, H, seed=15):
    D = 5.0
    S = Scene(W, H, cam=(0.0, 1.25, 0.0), hfov=52, shift=-0.02, room=(-2.2, 2.2, 3.4, D), sun=(0.15, -0.5, -0.85),
              amb=0.22, seed=seed, win_int=2.6)
    S.ceiling_light = 0.4
    std(S, M_wood('#bf9f7c', plank=0.2, seam=0.85, var=0.05), '#e6ddd0', '#efe8de')
    S.windows.append(Window('back', -1.0, 1.0, 0.1, 3.1, cols=2, rows=1, arch=True, trees='#7d8467', tree_h=0.45,
                            mw=0.045))
    curtain(S, 'back', 1.1, 1.9, 0.02, 3.3, col='#ece3d5')
    _figure_standing(S, x=-0.25, z=3.2, scale=1.02)
    S.box(0.55, 1.35, 0.0, 0.74, 3.5, 4.2, M_wood('#9a7555', plank=0.25, along='x', seam=0.9))
    S.box(0.6, 1.1, 0.74, 0.745, 3.6, 3.95, '#f3eee6', shadow=False)
    vase(S, 1.15, 0.74, 3.9, r=0.08, h=0.3, col='#b5694a', branch=True)
    plant(S, -1.7, D - 0.5, seed=seed, h=1.5, pot='#cdbfa9')
    S.render()
    return S.finish(exposure=1.0, vignette=0.3)
