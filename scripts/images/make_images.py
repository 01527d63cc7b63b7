#!/usr/bin/env python3
"""Regenerate every default image of the site into ui/public/images/ (deterministic).

    python3 scripts/images/make_images.py            # everything
    python3 scripts/images/make_images.py hero-1 projects/kitchen-design   # only matching names
"""
import multiprocessing
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import scenes as sc  # noqa: E402
import flat  # noqa: E402
from logo import write_logo  # noqa: E402

OUT = os.path.normpath(os.path.join(HERE, '..', '..', 'ui', 'public', 'images'))
QUALITY = 74

HERO = (1920, 1080)
PAGE = (1920, 800)
CARD = (1200, 900)
DISC = (1000, 750)

# palettes per project
SERENITY = dict(wall='#ece6dc', floor='#cdb293', fabric='#e2d9cb', wood='#6e5442')
HARMONY = dict(wall='#e2d7c6', floor='#a8845f', fabric='#bfae97', wood='#4f3f33', accent='#b08d57',
               rug='#d8cab4', rugb='#9c8669')
LUXURY = dict(wall='#ddcfbb', wood='#6f5039')
KITCH = dict()


def jobs():
    J = {}
    J['hero-1'] = (HERO, lambda w, h: sc.living(w, h, pal=SERENITY, fov=74, cam=(0.2, 1.2, 0.0)))
    J['hero-2'] = (HERO, lambda w, h: sc.dining(w, h, fov=74, n_pend=3, seed=22))
    J['hero-3'] = (HERO, lambda w, h: sc.lobby(w, h, fov=78))

    p = 'projects/'
    # Modern Serenity: calm modern residence
    J[p + 'modern-serenity'] = (CARD, lambda w, h: sc.living(w, h, pal=SERENITY, seed=31))
    J[p + 'modern-serenity-1'] = (CARD, lambda w, h: sc.living(w, h, pal=SERENITY, cam=(-0.9, 1.1, 0.6), fov=60,
                                                                  variant=1, art='ink', seed=32))
    J[p + 'modern-serenity-2'] = (CARD, lambda w, h: sc.dining(w, h, pal=dict(wall='#ece6dc', floor='#cdb293'),
                                                                 pend='globe', n_pend=3, seed=33))
    J[p + 'modern-serenity-3'] = (CARD, lambda w, h: sc.bedroom(w, h, seed=34, headboard='slats'))
    J[p + 'modern-serenity-4'] = (CARD, lambda w, h: sc.kitchen(w, h, pal=dict(lower='#d9cfc0', island='#a88d70'),
                                                                  uppers=False, seed=35))
    J[p + 'modern-serenity-5'] = (CARD, lambda w, h: sc.bathroom(w, h, seed=36, tiles='brick'))
    # Elegant Harmony: classic-contemporary
    J[p + 'elegant-harmony'] = (CARD, lambda w, h: sc.living(w, h, pal=HARMONY, classic=True, art='stripes', seed=41))
    J[p + 'elegant-harmony-1'] = (CARD, lambda w, h: sc.dining(w, h, pal=dict(wall='#e2d7c6', floor='#a8845f',
                                                                                wood='#4f3f33', seat='#c2b29a'),
                                                                 classic=True, round_=True, n_pend=1, pend='drum',
                                                                 seed=42))
    J[p + 'elegant-harmony-2'] = (CARD, lambda w, h: sc.bedroom(w, h, pal=dict(wall='#e2d7c6', head='#b9a68c',
                                                                                 throw='#8f7a63', frame='#5a4838',
                                                                                 accent='#b08d57'),
                                                                  headboard='panel', seed=43, art='ink'))
    J[p + 'elegant-harmony-3'] = (CARD, lambda w, h: sc.living(w, h, pal=HARMONY, classic=True, cam=(-0.6, 1.15, 1.2),
                                                                 fov=58, variant=1, art='hills', seed=44))
    J[p + 'elegant-harmony-4'] = (CARD, lambda w, h: sc.gallery(w, h, pal=dict(wall='#e2d7c6', floor='#a8845f'),
                                                                  seed=45))
    J[p + 'elegant-harmony-5'] = (CARD, lambda w, h: sc.kitchen(w, h, pal=dict(lower='#5a4a3d', upper='#e2d7c6',
                                                                                 island='#4f3f33', fluted=True),
                                                                  seed=46))
    # Timeless Luxury: boutique hotel
    J[p + 'timeless-luxury'] = (CARD, lambda w, h: sc.lobby(w, h, seed=51))
    J[p + 'timeless-luxury-1'] = (CARD, lambda w, h: sc.lobby(w, h, cam=(1.2, 1.5, 1.5), fov=64, seed=52))
    J[p + 'timeless-luxury-2'] = (CARD, lambda w, h: sc.bedroom(w, h, pal=dict(wall='#dccfbc', head='#8f7a63',
                                                                                 frame='#5a4838', throw='#b08d57'),
                                                                  hotel=True, headboard='slats', pend=True, seed=53))
    J[p + 'timeless-luxury-3'] = (CARD, lambda w, h: sc.restaurant(w, h, seed=54))
    J[p + 'timeless-luxury-4'] = (CARD, lambda w, h: sc.bedroom(w, h, pal=dict(wall='#dccfbc', head='#b9a68c',
                                                                                 frame='#6f5039'),
                                                                  hotel=True, headboard='panel', cam=(-0.8, 1.1, 1.0),
                                                                  fov=60, seed=55))
    J[p + 'timeless-luxury-5'] = (CARD, lambda w, h: sc.restaurant(w, h, cam=(-1.5, 1.3, 0.5), fov=62, seed=56))
    # Refined Elegance: home entertainment room
    J[p + 'refined-elegance'] = (CARD, lambda w, h: sc.media(w, h, seed=61))
    J[p + 'refined-elegance-1'] = (CARD, lambda w, h: sc.media(w, h, view='side', cam=(0.3, 1.3, 0.5), seed=62))
    J[p + 'refined-elegance-2'] = (CARD, lambda w, h: sc.bar(w, h, seed=63))
    J[p + 'refined-elegance-3'] = (CARD, lambda w, h: sc.media(w, h, view='side', tv_on=False, cam=(-0.8, 1.2, 1.5),
                                                                 fov=58, seed=64))
    J[p + 'refined-elegance-4'] = (CARD, lambda w, h: sc.bar(w, h, cam=(-0.9, 1.4, 0.4), fov=58, seed=65))
    J[p + 'refined-elegance-5'] = (CARD, lambda w, h: sc.media(w, h, cam=(0.0, 1.5, 2.2), fov=55, seed=66))
    # Bath and Spa Center
    J[p + 'bath-and-spa'] = (CARD, lambda w, h: sc.showroom(w, h, seed=71))
    J[p + 'bath-and-spa-1'] = (CARD, lambda w, h: sc.bathroom(w, h, seed=72))
    J[p + 'bath-and-spa-2'] = (CARD, lambda w, h: sc.spa_pool(w, h, seed=73))
    J[p + 'bath-and-spa-3'] = (CARD, lambda w, h: sc.showroom(w, h, cam=(-1.0, 1.3, 1.5), fov=60, bays=2, seed=74))
    J[p + 'bath-and-spa-4'] = (CARD, lambda w, h: sc.spa_pool(w, h, cam=(1.2, 1.4, 1.0), fov=62, seed=75))
    J[p + 'bath-and-spa-5'] = (CARD, lambda w, h: sc.bathroom(w, h, tiles='zellige', tub=True,
                                                                pal=dict(stone='#c9d0c4', wall='#e3dbcd'), seed=76))
    # Kitchen and Interior Design
    J[p + 'kitchen-design'] = (CARD, lambda w, h: sc.kitchen(w, h, seed=81))
    J[p + 'kitchen-design-1'] = (CARD, lambda w, h: sc.kitchen(w, h, cam=(-1.2, 1.4, 0.8), fov=60, seed=82))
    J[p + 'kitchen-design-2'] = (CARD, lambda w, h: sc.kitchen(w, h, island_on=False, cam=(-0.4, 1.4, 2.0), fov=64,
                                                                 seed=83))
    J[p + 'kitchen-design-3'] = (CARD, lambda w, h: sc.kitchen(w, h, pal=dict(lower='#3f3833', island='#3f3833',
                                                                                stool='#b08d57', tilefloor=True),
                                                                 seed=84))
    J[p + 'kitchen-design-4'] = (CARD, lambda w, h: sc.dining(w, h, pal=dict(wood='#8a6b4e'), pend='cyl', n_pend=3,
                                                                seed=85))
    J[p + 'kitchen-design-5'] = (CARD, lambda w, h: sc.kitchen(w, h, pal=dict(lower='#a3927d', upper='#efe9df'),
                                                                 island_on=False, uppers=False, seed=86))
    # Ceramic Italy Design
    J[p + 'ceramic-design'] = (CARD, lambda w, h: sc.bathroom(w, h, tub=False, seed=91))
    J[p + 'ceramic-design-1'] = (CARD, lambda w, h: flat.tile_board(w, h, seed=92))
    J[p + 'ceramic-design-2'] = (CARD, lambda w, h: sc.showroom(w, h, pal=dict(niche='#cfc2ae'), bays=4, seed=93))
    J[p + 'ceramic-design-3'] = (CARD, lambda w, h: sc.kitchen(w, h, pal=dict(tilefloor=True, lower='#b5694a',
                                                                                island='#efe9df'),
                                                                 seed=94))
    J[p + 'ceramic-design-4'] = (CARD, lambda w, h: sc.bathroom(w, h, tiles='zellige',
                                                                  pal=dict(stone='#c78b6c', wall='#ebe3d6'),
                                                                  seed=95))
    J[p + 'ceramic-design-5'] = (CARD, lambda w, h: flat.flatlay(w, h, variant=1, seed=96))

    f = 'founder/'
    J[f + 'portrait'] = ((800, 1000), lambda w, h: sc.founder_portrait(w, h))
    J[f + 'slide-1'] = (CARD, lambda w, h: sc.studio(w, h, cam=(-0.3, 1.2, 1.6), fov=58, seed=101))
    J[f + 'slide-2'] = (CARD, lambda w, h: flat.flatlay(w, h, variant=0, seed=102))
    J[f + 'slide-3'] = (CARD, lambda w, h: sc.studio(w, h, figure=None, cam=(-0.8, 1.5, 2.0), fov=56, seed=103))
    J[f + 'slide-4'] = (CARD, lambda w, h: sc.studio(w, h, figure='standing', models=False, seed=104))
    J[f + 'slide-5'] = (CARD, lambda w, h: flat.flatlay(w, h, variant=2, seed=105))
    J[f + 'slide-6'] = (CARD, lambda w, h: sc.gallery(w, h, seed=106))

    g = 'pages/'
    J[g + 'about-hero'] = (PAGE, lambda w, h: sc.studio(w, h, figure=None, wide=True, fov=84, seed=111))
    J[g + 'multidisciplinary-hero'] = (PAGE, lambda w, h: sc.exterior(w, h, fov=70, seed=112))
    J[g + 'services-hero'] = (PAGE, lambda w, h: sc.living(w, h, pal=SERENITY, fov=84, cam=(0.0, 1.3, 0.0), seed=113,
                                                           art='hills'))
    J[g + 'portfolio-hero'] = (PAGE, lambda w, h: sc.gallery(w, h, fov=80, seed=114))
    J[g + 'contact-hero'] = (PAGE, lambda w, h: sc.lobby(w, h, fov=86, arches=5, seed=115))
    J[g + 'discipline-architecture'] = (DISC, lambda w, h: sc.exterior(w, h, seed=116))
    J[g + 'discipline-interior'] = (DISC, lambda w, h: sc.living(w, h, pal=HARMONY, classic=True, seed=117))
    J[g + 'discipline-visualization'] = (DISC, lambda w, h: flat.visualization_split(
        sc.living(w, h, pal=SERENITY, seed=118, art='blocks')))
    J[g + 'map'] = ((1200, 800), lambda w, h: flat.street_map(w, h))
    return J


def build(name):
    (w, h), fn = jobs()[name]
    t = time.time()
    im = fn(w, h)
    assert im.size == (w, h), (name, im.size)
    path = os.path.join(OUT, name + '.webp')
    os.makedirs(os.path.dirname(path), exist_ok=True)
    im.save(path, 'WEBP', quality=QUALITY, method=6)
    return f'{name:36s} {os.path.getsize(path) / 1024:7.1f} KB  {time.time() - t:5.1f}s'


def main(argv):
    filt = argv[1:]
    t0 = time.time()
    names = [n for n in jobs() if not filt or any(f in n for f in filt)]
    # every image is independent and seeded, so parallel runs give identical files
    with multiprocessing.Pool(min(len(names), os.cpu_count() or 1) or 1) as pool:
        for line in pool.imap(build, names):
            print(line, flush=True)
    if not filt or any('logo' in f for f in filt):
        write_logo(os.path.join(OUT, 'logo.svg'))
        print('logo.svg')
    total = 0
    for root, _, files in os.walk(OUT):
        for fn in files:
            total += os.path.getsize(os.path.join(root, fn))
    print(f'total {total / 1024:.0f} KB in {OUT} ({time.time() - t0:.0f}s)')


if __name__ == '__main__':
    main(sys.argv)
