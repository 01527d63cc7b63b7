// The six service pages (SPEC §2): one record each, rendered by pages/Service.tsx. Only the
// Service page chunk imports this file, so the long copy stays out of the entry chunk.

export interface ServiceFact {
  label: string;
  value: string;
}

export interface ServicePage {
  /** The route's `key` in routes.json and the service's id in content/services.ts. */
  key: string;
  eyebrow: string;
  title: string;
  lead: string;
  image: { src: string; alt: string };
  /** Two or three paragraphs on what the service is and who it is for. */
  body: string[];
  includedTitle: string;
  included: string[];
  steps: { title: string; description: string }[];
  facts: ServiceFact[];
  /** Only the brochure page: a download button that, for now, explains that it is a placeholder. */
  download?: { label: string; notice: string };
}

export const servicePages: ServicePage[] = [
  {
    key: 'perfect-home',
    eyebrow: 'Residential Interiors',
    title: 'Design Your Perfect Home',
    lead: 'A complete home interior service, from the first measured drawing to the last cushion, shaped around the way your family actually lives.',
    image: {
      src: '/images/projects/modern-serenity-1.webp',
      alt: 'Living room with a low sofa, a round dark coffee table and afternoon sun across the floor',
    },
    body: [
      'Most of our homes begin with a conversation at the dining table: who wakes first, where the children study, how often the grandparents stay, which pieces of furniture carry a story. We design from those answers, not from a catalogue.',
      'For apartments in Gachibowli and Kondapur as much as independent houses in Jubilee Hills, we plan every room together so that the palette, the joinery and the lighting read as one home rather than a set of rooms finished one at a time.',
    ],
    includedTitle: "What's included",
    included: [
      'Measured survey and space planning for every room, including Vastu preferences where you want them',
      'Concept boards, 3D views and a material palette you can see and touch at our studio',
      'Custom wardrobes, kitchen, TV units and pooja units detailed for our own carpenters',
      'Lighting design: ambient, task and accent circuits with dimming where it matters',
      'Loose furniture, rugs, curtains and art sourced and placed',
      'Weekly site supervision and a snag list closed before handover',
    ],
    steps: [
      { title: 'Brief and survey', description: 'A home visit to measure, photograph and agree the brief and budget.' },
      { title: 'Design', description: 'Layouts, 3D views and materials, refined with you over two review rounds.' },
      { title: 'Build', description: 'Drawings to site, joinery in our workshop, supervision every week.' },
      { title: 'Handover', description: 'Styling, a final walk-through and a care guide for every finish.' },
    ],
    facts: [
      { label: 'Typical duration', value: '4 to 6 months for a 3-bedroom apartment' },
      { label: 'Ideal for', value: 'New apartments, villas and full home makeovers' },
      { label: 'You receive', value: 'Drawings, 3D views, costed finish schedule, supervised execution' },
    ],
  },
  {
    key: 'ask-architect',
    eyebrow: 'Architectural Advice',
    title: 'Ask Our Architect',
    lead: 'Bring a plan, a plot or a question. Our architects give clear, practical answers on layouts, structure and approvals before you commit money to them.',
    image: {
      src: '/images/pages/discipline-architecture.webp',
      alt: 'Modern two-storey house with a timber-clad upper floor and full-height glazing',
    },
    body: [
      'Can this wall come down? Will a second floor need new footings? Is the builder’s layout using the plot well? These questions are cheap to answer on paper and expensive to answer on site.',
      'In a one-hour session, in person at our studio or on a video call, an architect from our team reviews your drawings or photographs, explains the options and their cost implications, and follows up with written notes you can share with your builder or family.',
    ],
    includedTitle: 'Questions we often answer',
    included: [
      'Reviewing a builder’s or developer’s floor plan before you buy or book',
      'Removing or moving walls, and when a structural engineer must be involved',
      'Extensions, terraces and additional floors on existing houses',
      'GHMC and HMDA approval steps, setbacks and what needs a permit',
      'Daylight, cross-ventilation and heat gain on west-facing rooms',
      'Whether a renovation or a rebuild makes more sense for an older house',
    ],
    steps: [
      { title: 'Send your question', description: 'Share drawings, photos or a short description through the contact form.' },
      { title: 'Book a slot', description: 'We confirm a one-hour session with the right architect within two working days.' },
      { title: 'Talk it through', description: 'We go through options, risks and rough costs with you, on paper.' },
      { title: 'Written notes', description: 'A summary of the advice and next steps reaches you within three working days.' },
    ],
    facts: [
      { label: 'Session length', value: 'One hour, at the studio or by video call' },
      { label: 'Ideal for', value: 'Buyers, plot owners and anyone planning structural changes' },
      { label: 'You receive', value: 'Written notes with the options discussed and next steps' },
    ],
  },
  {
    key: 'brochure',
    eyebrow: 'Studio Brochure',
    title: 'Download Our Brochure',
    lead: 'Selected projects, our services, the way we work and the materials we love, gathered in one studio brochure you can read at your own pace.',
    image: {
      src: '/images/projects/elegant-harmony-1.webp',
      alt: 'Dining area with a round pedestal table under a linen drum pendant',
    },
    body: [
      'The brochure is a quiet introduction to the studio: a dozen residential, hospitality and commercial projects with their plans and photographs, a walk through our four-step process, and a look at the stone, timber and fabric library we specify from.',
      'It is a good companion to a first meeting. Many clients bring it along with notes in the margins, which tells us more about their taste than any questionnaire could.',
    ],
    includedTitle: 'Inside the brochure',
    included: [
      'Twelve selected projects with plans, photographs and the brief behind each',
      'Our services for homes, workplaces and hotels, and how they fit together',
      'The four steps of our design process, with typical timelines',
      'Our materials library: natural stone, veneers, fabrics and finishes',
      'A short profile of the founder and the studio team',
      'How fees are structured and what to prepare before we meet',
    ],
    steps: [
      { title: 'Download', description: 'Get the PDF brochure, about 40 pages, optimised for phones and tablets.' },
      { title: 'Browse', description: 'Mark the projects and materials that feel like you.' },
      { title: 'Get in touch', description: 'Send us a message and we will arrange a first conversation.' },
    ],
    facts: [
      { label: 'Format', value: 'PDF, about 40 pages' },
      { label: 'Ideal for', value: 'A first look at the studio before a meeting' },
      { label: 'Printed copy', value: 'Available at the studio on request' },
    ],
    download: {
      label: 'Download Brochure',
      notice:
        'The brochure download is a placeholder: the PDF is not available online yet. Please contact us and we will send you a copy.',
    },
  },
  {
    key: 'renovation',
    eyebrow: 'Renovation',
    title: 'Renovation Planning',
    lead: 'Renovations planned in detail before the first wall comes down: surveys, phasing, budgets and finishes that respect what already stands.',
    image: {
      src: '/images/projects/kitchen-design-1.webp',
      alt: 'Renovated kitchen with white upper cabinets, a stone-topped island and pendant lights',
    },
    body: [
      'A renovation surprises you when it is planned on site instead of on paper. We start with a survey of what is there: wiring, plumbing, damp, levels and the condition of floors and walls, so that the budget covers the house you have rather than the one you imagine.',
      'If you are living in the home during the work, we phase it room by room so that the kitchen and at least one bathroom always work, and we agree the noisy days with your building association in advance.',
    ],
    includedTitle: 'What we plan with you',
    included: [
      'Condition survey of services, waterproofing, flooring and structure',
      'A scope of work split into essentials and wishes, each with a cost',
      'Phasing for families who stay at home during the work',
      'Replacement of wiring, plumbing and waterproofing before any finishes',
      'Finish selection that matches or deliberately contrasts the existing house',
      'A realistic schedule with material lead times and a 10% contingency',
    ],
    steps: [
      { title: 'Survey', description: 'We inspect and document the existing condition of the home.' },
      { title: 'Scope and budget', description: 'A prioritised scope with costs, so you decide what to do now and later.' },
      { title: 'Phasing', description: 'A room-by-room sequence and schedule that keeps the home usable.' },
      { title: 'Execution', description: 'Supervised work with weekly updates and photographs.' },
    ],
    facts: [
      { label: 'Typical duration', value: '6 to 16 weeks, depending on scope' },
      { label: 'Ideal for', value: 'Older apartments, inherited houses and kitchen or bath upgrades' },
      { label: 'You receive', value: 'Survey report, costed scope, phasing plan and supervision' },
    ],
  },
  {
    key: 'consultation',
    eyebrow: 'Design Consultation',
    title: 'Interior Consultation',
    lead: 'A focused session at your home or office on layout, colour, lighting and furniture, with advice you can act on straight away.',
    image: {
      src: '/images/pages/discipline-interior.webp',
      alt: 'Living room with a cream sofa, a round coffee table and a linen drum pendant',
    },
    body: [
      'Sometimes a room needs a direction rather than a full project: a living room that never feels finished, a paint colour that looked different in the shop, a new sofa that does not fit the rest.',
      'A designer spends two hours with you in the space, walks through what works and what does not, and leaves you with a short written plan: a furniture layout, a colour scheme with paint codes, lighting suggestions and a list of pieces to keep, move or replace.',
    ],
    includedTitle: 'What a consultation covers',
    included: [
      'Furniture layout for better circulation and conversation',
      'A colour scheme with exact paint codes for walls and trims',
      'Lighting: what to add, where, and at what colour temperature',
      'Which existing pieces to keep, reupholster or replace',
      'Curtains, rugs and art: sizes, fabrics and placement',
      'A shopping list with sources in Hyderabad and online',
    ],
    steps: [
      { title: 'Book', description: 'Tell us about the rooms and share a few photos.' },
      { title: 'Visit', description: 'A two-hour session in your space with one of our designers.' },
      { title: 'Plan', description: 'A written plan with layouts, colours and a shopping list within a week.' },
    ],
    facts: [
      { label: 'Session length', value: 'Two hours on site' },
      { label: 'Ideal for', value: 'One to three rooms that need a clear direction' },
      { label: 'You receive', value: 'Written plan with layout, colour codes and shopping list' },
    ],
  },
  {
    key: 'commercial',
    eyebrow: 'Commercial Interiors',
    title: 'Commercial Projects',
    lead: 'Offices, showrooms, restaurants and hotels designed for their brand, their people and the way they operate every day.',
    image: {
      src: '/images/projects/timeless-luxury-1.webp',
      alt: 'Hotel lobby with a long reception desk, arched windows and lounge chairs',
    },
    body: [
      'A commercial interior has to work hard: it carries a brand, it moves people efficiently and it has to open on a date that was fixed long before the drawings were. We plan for all three from the first meeting.',
      'Our commercial work spans boutique hotels in Bengaluru, bath and tile showrooms in Hyderabad and offices for growing teams. We coordinate with your operations, IT and fit-out contractors and, where needed, with landlords and fire consultants.',
    ],
    includedTitle: 'What we deliver',
    included: [
      'Space planning around operations: guest flow, staff routes, storage and service areas',
      'Brand-led material and colour palettes that hold up to daily wear',
      'Acoustic, lighting and HVAC coordination with specialist consultants',
      'Fire-safety and accessibility requirements built into the layout',
      'Fit-out drawings and tender packages for contractors',
      'Phased delivery for businesses that must stay open during works',
    ],
    steps: [
      { title: 'Brief', description: 'Operations, brand, headcount, budget and the opening date.' },
      { title: 'Concept', description: 'Zoning, flows, 3D views and a material palette for approval.' },
      { title: 'Documentation', description: 'Fit-out drawings, specifications and tender support.' },
      { title: 'Site', description: 'Coordination and supervision through to opening day.' },
    ],
    facts: [
      { label: 'Typical duration', value: '3 to 9 months, from brief to opening' },
      { label: 'Ideal for', value: 'Offices, showrooms, restaurants, hotels and clinics' },
      { label: 'You receive', value: 'Concept, fit-out drawings, tender package and supervision' },
    ],
  },
];

export function servicePageByKey(key: string): ServicePage | undefined {
  return servicePages.find((page) => page.key === key);
}
