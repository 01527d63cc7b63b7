// Copy of the seven case-study pages (SPEC §2 table). Year, category and location live in
// content/projects.ts (one fact, one place); this file holds the long copy, and only the
// CaseStudy page chunk imports it.

export interface CaseStudySection {
  title: string;
  /** Exactly four (SPEC §9). */
  bullets: string[];
}

export interface CaseStudy {
  /** The route's `key` in routes.json and the project's slug in content/projects.ts. */
  slug: string;
  heading: string;
  intro: string;
  tags: string[];
  /** Exactly four (SPEC §9). */
  sections: CaseStudySection[];
  /** Alt text of `/images/projects/{slug}-1.webp` … `-5.webp`, in order. */
  gallery: string[];
}

export const caseStudies: CaseStudy[] = [
  {
    slug: 'modern-serenity',
    heading: 'Modern Serenity: A Calm Family Residence',
    intro:
      'A young family asked for a home that would slow the day down: somewhere the noise of the city stops at the front door. In this Hyderabad apartment we opened the living and dining spaces into one light-filled room, wrapped it in warm teak and honed limestone, and layered the lighting so that evenings feel as calm as mornings.',
    tags: ['Residential', 'Minimalist', 'Family Home', 'Natural Materials'],
    sections: [
      {
        title: 'Living & Dining',
        bullets: [
          'A partition wall removed to join living and dining into one 38-foot daylit space',
          'Low teak media console with closed storage, keeping screens and clutter out of sight',
          'A six-seat dining table in solid teak under a trio of opal globe pendants',
          'Full-height sheer curtains that soften the west light without darkening the room',
        ],
      },
      {
        title: 'Private Quarters',
        bullets: [
          'Master bedroom with a slatted timber headboard wall and warm bedside lamps',
          'Walk-in wardrobe finished in oak veneer with soft-close drawers and valet rails',
          'Children’s room with a study niche that grows from homework desk to workstation',
          'An ensuite bathroom built around a freestanding stone-resin tub',
        ],
      },
      {
        title: 'Materials & Palette',
        bullets: [
          'Honed limestone floors in the living areas, engineered oak in the bedrooms',
          'Lime-wash paint in warm off-white for a soft, hand-finished texture',
          'Natural linen, bouclé and wool upholstery in sand and clay tones',
          'Brushed brass kept to small accents: handles, switch plates and one floor lamp',
        ],
      },
      {
        title: 'Light & Atmosphere',
        bullets: [
          'Three lighting scenes per room, from bright work light to a low evening glow',
          'Warm 2700 K lamps throughout, with dimmers on every ambient circuit',
          'Cove lighting in the living room ceiling that washes the walls rather than the floor',
          'Motion-sensor night lights in corridors for children and grandparents',
        ],
      },
    ],
    gallery: [
      'Living room with a low sofa, a round dark coffee table and afternoon sun across the floor',
      'Dining table for six under three opal globe pendants',
      'Bedroom with a slatted timber headboard wall and warm bedside lamps',
      'Kitchen island with a white stone top and three timber bar stools under pendant lights',
      'Bathroom with a freestanding tub, a floor-standing brass tap and a potted plant',
    ],
  },
  {
    slug: 'elegant-harmony',
    heading: 'Elegant Harmony: Classic Proportions, Contemporary Living',
    intro:
      'The owners of this residence loved the symmetry of classical rooms but not their formality. We kept the generous proportions, added panelled walls and cornices, and furnished the spaces with clean-lined contemporary pieces in a muted palette, so the house feels composed without ever feeling stiff.',
    tags: ['Residential', 'Classic', 'Contemporary', 'Luxury'],
    sections: [
      {
        title: 'Formal Living Room',
        bullets: [
          'Wall panelling and a deep cornice that restore the room’s classical proportions',
          'A symmetrical seating arrangement centred on a honed marble fireplace surround',
          'Contemporary sofas in taupe velvet that keep the classic shell feeling current',
          'Tall windows dressed with pleated curtains on slim brass rods',
        ],
      },
      {
        title: 'Dining & Entertaining',
        bullets: [
          'A round pedestal dining table that eases conversation, under a linen drum pendant',
          'A kitchen island in dark-stained timber that doubles as a serving counter',
          'Built-in crockery cabinets with fluted glass fronts and interior lighting',
          'A concealed bar counter behind panelled doors for evenings with guests',
        ],
      },
      {
        title: 'Materials & Details',
        bullets: [
          'Statuario marble thresholds and skirting where rooms meet',
          'Satin brass door hardware and switch plates chosen as one family',
          'Herringbone oak flooring laid in the living and dining rooms',
          'A muted palette of greige, ivory and soft sage across every room',
        ],
      },
      {
        title: 'Furniture & Art',
        bullets: [
          'A mix of custom upholstery and a few carefully restored family pieces',
          'A gallery corridor where art hangs at one eye line opposite full-height windows',
          'Occasional tables in travertine and smoked oak for contrast',
          'Hand-knotted wool rugs sized to anchor each seating group',
        ],
      },
    ],
    gallery: [
      'Dining area with a round pedestal table under a linen drum pendant',
      'Bedroom with an upholstered headboard and warm bedside lamps',
      'Living room with a cream sofa, a dark round coffee table and framed art',
      'Gallery corridor with framed artworks opposite full-height windows',
      'Kitchen with a dark timber island, stone counters and slim pendant lights',
    ],
  },
  {
    slug: 'timeless-luxury',
    heading: 'Timeless Luxury Where Comfort Meets Elegance',
    intro:
      'A boutique hotel in Bengaluru wanted to feel like a private residence rather than a chain: generous, calm and quietly luxurious. We designed the arrival, the rooms and the restaurant as one story in warm stone, walnut and brass, so that every guest moment, from check-in to the last coffee, feels considered.',
    tags: ['Hospitality', 'Luxury', 'Hotel'],
    sections: [
      {
        title: 'Lobby & Reception Area',
        bullets: [
          'A walnut reception desk on a softly lit plinth as the first impression',
          'Lounge seating in small groups so the lobby works for waiting guests and meetings',
          'A double-height feature wall in fluted walnut that carries the hotel’s signage',
          'Layered lighting that shifts from bright daytime to a warm evening atmosphere',
        ],
      },
      {
        title: 'Guest Accommodations',
        bullets: [
          '48 rooms with slatted walnut headboard walls, upholstered benches and writing desks',
          'Blackout and sheer curtains on one motorised track, operated from the bedside',
          'Bathrooms in honed marble with rain showers and generous vanity space',
          'Bedside panels that control lights, curtains and air-conditioning in one place',
        ],
      },
      {
        title: 'Dining & Social Spaces',
        bullets: [
          'An all-day restaurant divided into intimate zones by slatted walnut screens',
          'A bar with a backlit onyx counter as the evening focal point',
          'Terrace seating with planters and lanterns for Bengaluru’s mild evenings',
          'Private dining room that doubles as a boardroom for corporate guests',
        ],
      },
      {
        title: 'Materials & Finishes',
        bullets: [
          'Emperador and Botticino marble chosen for warmth and durability',
          'Walnut veneers with a matt lacquer that resists fingerprints and wear',
          'Antique brass fittings that age gracefully with daily use',
          'Performance fabrics and wool-blend carpets rated for hotel traffic',
        ],
      },
    ],
    gallery: [
      'Hotel lobby with a long reception desk, arched windows and lounge chairs',
      'Guest room with a slatted walnut headboard wall and an upholstered bench',
      'All-day restaurant with round and square tables under pendant lights',
      'Guest room with a low bed, bedside lamps and a tall window',
      'Round pedestal table by the arched windows of the dining room',
    ],
  },
  {
    slug: 'refined-elegance',
    heading: 'Refined Elegance: Entertainment Space',
    intro:
      'A cinema-loving family in Hyderabad wanted one room for film nights, cricket finals and long evenings with friends. We turned an underused upper-floor lounge into a customised entertainment space with a tailored media wall, deep modular seating, a small refreshment bar and lighting that dims on cue.',
    tags: ['Residential', 'Entertainment', 'Customized'],
    sections: [
      {
        title: 'Media Wall & Entertainment System',
        bullets: [
          'A fabric-wrapped media wall concealing speakers, cables and the equipment rack',
          'A 100-inch projection screen with a large TV beside it for everyday viewing',
          'A 7.1 surround sound system tuned to the room after installation',
          'Acoustic panels behind the fabric that tame echo without looking technical',
        ],
      },
      {
        title: 'Seating & Comfort Elements',
        bullets: [
          'Modular sofas in stain-resistant velvet that reconfigure for large groups',
          'Two power recliners in the best viewing positions',
          'Side tables with integrated charging points and soft-close drawers',
          'A deep wool rug and acoustic underlay that keep the room warm and quiet',
        ],
      },
      {
        title: 'Refreshment Zone',
        bullets: [
          'A compact bar counter in smoked oak and quartz at the back of the room',
          'An under-counter fridge and popcorn machine hidden behind flush doors',
          'Bar stools facing the screen so nobody misses a moment',
          'Glassware display shelves with warm LED strips',
        ],
      },
      {
        title: 'Lighting & Atmosphere',
        bullets: [
          'Four preset scenes: movie, match, party and cleaning',
          'Step lights and a low cove glow for moving around during a film',
          'Dimmable picture lights on the framed vintage film posters',
          'Blackout blinds that close automatically with the movie scene',
        ],
      },
    ],
    gallery: [
      'Media wall with a large screen between tall speakers, a low sofa and cove lighting',
      'Refreshment bar with three stools, backlit shelves and globe pendants',
      'Lounge seating facing the media wall in the low movie lighting scene',
      'Bar counter in front of backlit glassware shelves',
      'Screen set into the dark media wall above a strip of floor-level light',
    ],
  },
  {
    slug: 'bath-and-spa',
    heading: 'Bath and Spa Center: A Showroom You Can Feel',
    intro:
      'A Hyderabad bath-fittings retailer wanted customers to experience products rather than walk past rows of them on shelves. We designed a showroom that behaves like a calm spa: fittings shown in complete, working bathroom settings, a wellness zone where showers and steam can be tried, and finishes that are themselves part of the display.',
    tags: ['Commercial', 'Bath', 'Spa', 'Wellness'],
    sections: [
      {
        title: 'Display Gallery Concept',
        bullets: [
          'Twelve complete bathroom vignettes, each with its own style, palette and budget',
          'A circulation route that moves from everyday ranges to premium collections',
          'Freestanding tubs displayed on low plinths under individual pendant lights',
          'A materials bar where customers compare tiles, stone and taps side by side',
        ],
      },
      {
        title: 'Spa Experience Zone',
        bullets: [
          'Two working rain-shower bays where customers can try water pressure and spray',
          'A steam cubicle demonstrator with a glass front for guided sessions',
          'A consultation lounge with herbal tea and soft seating for families deciding together',
          'A shallow pool between timber-slatted walls, lit by daylight from a private garden',
        ],
      },
      {
        title: 'Materials & Finishes',
        bullets: [
          'Large-format porcelain slabs on walls and floors for a seamless backdrop',
          'Fluted teak panels that bring warmth to the wet-look surfaces',
          'Microcement counters that show how the finish performs in wet areas',
          'Anti-slip honed floors throughout, including the demonstration bays',
        ],
      },
      {
        title: 'Technical Solutions',
        bullets: [
          'Concealed plumbing and drainage for every working display',
          'A dedicated water-treatment plant to protect fittings from hard water',
          'Extraction and dehumidification sized for steam and shower demonstrations',
          'Track lighting on separate circuits so displays can be re-lit when ranges change',
        ],
      },
    ],
    gallery: [
      'Freestanding tub with a brass floor-mounted tap in front of a marble wall',
      'Spa zone with a shallow pool between timber-slatted walls and garden windows',
      'Stone wash basin on a timber plinth, with a freestanding tub in the foreground',
      'Spa zone seen from its entrance, lit by the garden windows',
      'Freestanding tub against a sage-green stone wall',
    ],
  },
  {
    slug: 'kitchen-design',
    heading: 'Kitchen and Interior Design: Modern Living, Made Practical',
    intro:
      'For a family that cooks twice a day and entertains on weekends, the kitchen had to be both a serious workspace and the heart of the home. We replanned it around a central island, built custom cabinetry for a large Indian spice and utensil collection, and opened it to the dining area with interiors to match.',
    tags: ['Residential', 'Kitchen', 'Interior', 'Modern'],
    sections: [
      {
        title: 'Layout & Space Planning',
        bullets: [
          'A work triangle of hob, sink and fridge within a few steps of each other',
          'A separate wet kitchen for heavy tadka cooking, behind a glass partition',
          'A central island with seating for four and a prep sink',
          'A breakfast counter that links the kitchen to the dining area',
        ],
      },
      {
        title: 'Custom Cabinetry & Storage',
        bullets: [
          'Tall pull-out larder units with adjustable shelves for bulk staples',
          'A dedicated spice drawer with labelled glass jars beside the hob',
          'Corner carousel units so no storage is lost in the angles',
          'Handle-less doors in anti-fingerprint matt lacquer',
        ],
      },
      {
        title: 'Materials & Finishes',
        bullets: [
          'Quartz countertops that resist turmeric stains and hot utensils',
          'A full-height backsplash in marble-look quartz, easy to wipe after every meal',
          'Dark oak open shelving for everyday crockery',
          'Taupe lower cabinets under warm white uppers',
        ],
      },
      {
        title: 'Lighting & Technology',
        bullets: [
          'Under-cabinet LED task lighting along every work surface',
          'Pendant lights over the island on their own dimmer',
          'A built-in oven, steam oven and induction hob at comfortable heights',
          'A ducted chimney that exhausts to outside, sized for Indian cooking',
        ],
      },
    ],
    gallery: [
      'Kitchen with white upper cabinets, under-cabinet lighting and a stone-topped island',
      'Run of taupe cabinetry below a marble backsplash and under-cabinet lights',
      'Island with a dark timber base, a white stone top and three stools under pendants',
      'Dining table for six under brass pendants, next to the kitchen',
      'Open timber shelving above a low run of cabinets',
    ],
  },
  {
    slug: 'ceramic-design',
    heading: 'Ceramic Italy Design: Italian Surfaces, Built to Last',
    intro:
      'An importer of Italian ceramics asked us to show what their tiles and porcelain slabs can do in a real home. We specified, detailed and supervised the installation of Italian surfaces across a Hyderabad residence, from book-matched marble-look slabs in the living room to textured tiles on a sunlit terrace.',
    tags: ['Specialty', 'Ceramic', 'Italian', 'Tile'],
    sections: [
      {
        title: 'Material Selection & Quality',
        bullets: [
          'Large-format porcelain slabs from Italian factories, rectified to tight tolerances',
          'Marble-look surfaces chosen for stain resistance in kitchens and baths',
          'Batch and shade checks on site before a single tile was fixed',
          'Slip ratings matched to each room, from polished living areas to textured wet zones',
        ],
      },
      {
        title: 'Installation Techniques',
        bullets: [
          'Levelling systems and full-bed adhesive for lippage-free large slabs',
          'Book-matched slabs aligned on the living-room feature wall',
          'Minimal 1.5 mm joints with colour-matched epoxy grout',
          'Mitred edges on countertops and steps instead of visible trims',
        ],
      },
      {
        title: 'Application Areas',
        bullets: [
          'Floors and a feature wall in the living and dining rooms',
          'Kitchen countertops and backsplash in a single porcelain surface',
          'A bathroom wall in small terracotta mosaic behind a freestanding tub',
          'Terrace and façade cladding in frost- and UV-resistant tiles',
        ],
      },
      {
        title: 'Sustainability & Longevity',
        bullets: [
          'Porcelain with recycled content from factories with closed-loop water systems',
          'Surfaces that need no sealing and clean with water and a mild detergent',
          'Colours fired into the body so they do not fade in the Hyderabad sun',
          'A maintenance guide and spare tiles from the same batch left with the owners',
        ],
      },
    ],
    gallery: [
      'Wall of tile and stone samples in terracotta, marble, sage and black',
      'Bathroom showroom with three basins on stone pillars and a freestanding tub',
      'Kitchen island in white porcelain with terracotta cabinetry and three stools',
      'Terracotta mosaic tiles lining the wall behind a freestanding tub',
      'Marble, timber, terracotta and sage tile samples laid out beside a plan sketch',
    ],
  },
];

export function caseStudyBySlug(slug: string): CaseStudy | undefined {
  return caseStudies.find((study) => study.slug === slug);
}
