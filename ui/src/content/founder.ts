/** The founder: bio, lists, credentials, philosophy and the photo slideshow (name and title live in site.json). */

export interface SlidePhoto {
  id: number;
  image: string;
  alt: string;
  caption: string;
}

/** SPEC §3: six slideshow photos with captions, shared by the home teaser and the founder page. */
export const founderSlides: SlidePhoto[] = [
  {
    id: 1,
    image: '/images/founder/slide-1.webp',
    alt: 'The founder sketching at a long timber desk beside tall windows',
    caption: 'Every project starts at the drawing table',
  },
  {
    id: 2,
    image: '/images/founder/slide-2.webp',
    alt: 'Floor plans, a coffee cup and material samples laid out on a timber table',
    caption: 'Plans and palettes, worked out by hand',
  },
  {
    id: 3,
    image: '/images/founder/slide-3.webp',
    alt: 'The studio’s worktable with an architectural model in front of tall windows',
    caption: 'Our studio in Jubilee Hills, in the morning light',
  },
  {
    id: 4,
    image: '/images/founder/slide-4.webp',
    alt: 'The founder standing by the studio bookshelves at the end of a long table',
    caption: 'Between site visits, by the reference library',
  },
  {
    id: 5,
    image: '/images/founder/slide-5.webp',
    alt: 'A floor plan, a colour fan and a pencil sketch on a timber table',
    caption: 'Palettes tested in morning and evening light',
  },
  {
    id: 6,
    image: '/images/founder/slide-6.webp',
    alt: 'A sunlit gallery corridor with framed art on the walls',
    caption: 'A finished space, ready for its first guests',
  },
];

export const founderPortrait = {
  image: '/images/founder/portrait.webp',
  width: 800,
  height: 1000,
};

export const founderBio = [
  'Anjali founded the studio in 2009 after a decade of designing homes and hotels for practices in Bengaluru and Mumbai. She returned to Hyderabad to build a studio where architecture and interiors are designed together, by the same people, from the first site visit to the day the keys change hands.',
  'Her work is known for calm, light-filled rooms, honest materials and the careful use of local craft: Kota stone, handloom textiles, brass inlay and carved teak, detailed for the way people in this city actually live.',
];

export const founderMission = [
  'Design spaces that make daily life easier, calmer and more beautiful',
  'Work with local artisans and keep traditional crafts in living use',
  'Give every client a clear plan, an honest budget and one point of contact',
  'Choose materials that age well and leave a lighter footprint',
];

export const founderPublications = [
  '“Living with Light”: cover story, Deccan Homes & Interiors (2023)',
  '“The Courtyard Returns”: essay on climate-responsive homes, South Design Review (2022)',
  'Speaker, Hyderabad Design Week: “Craft in the Contemporary Home” (2022)',
  'Contributor, Interiors of the Deccan, a monograph of regional homes (2019)',
];

export const founderExpertise = [
  {
    title: 'Residential Interiors',
    text: 'Apartments, villas and heritage homes planned around family routines, storage and the flow of light through the day.',
  },
  {
    title: 'Hospitality Design',
    text: 'Boutique hotels, restaurants and lounges where the guest experience, brand story and daily operations are designed as one.',
  },
  {
    title: 'Commercial Workspaces',
    text: 'Offices and showrooms that express a brand and support focused work, collaboration and client visits.',
  },
  {
    title: 'Architecture & Space Planning',
    text: 'New builds, extensions and renovations, including structure, services coordination and approvals.',
  },
  {
    title: 'Custom Furniture & Joinery',
    text: 'Pieces drawn in the studio and made by craftsmen we have worked with for over a decade.',
  },
  {
    title: 'Lighting & Material Curation',
    text: 'Layered lighting schemes and material palettes tested on site in real daylight before anything is ordered.',
  },
];

export const founderEducation = [
  { title: 'Bachelor of Architecture', detail: 'School of Planning and Architecture, Hyderabad' },
  { title: 'Master’s in Interior Architecture', detail: 'Postgraduate studies in interior architecture and furniture design' },
  { title: 'Registered Architect', detail: 'Council of Architecture, India' },
  { title: 'Professional Member', detail: 'Institute of Indian Interior Designers (IIID)' },
  { title: 'Certified Lighting Designer', detail: 'Advanced programme in architectural lighting design' },
];

export const founderPhilosophy = {
  quote:
    'A room is finished when it no longer needs explaining: when it feels so natural to the people who live in it that they stop noticing the design and simply enjoy their lives.',
  values: [
    {
      title: 'Human-Centered Design',
      text: 'We start with how you live, work and gather, and let those routines shape every plan and every detail.',
    },
    {
      title: 'Sustainable Innovation',
      text: 'Local materials, passive cooling and efficient systems, chosen for comfort today and a lighter footprint tomorrow.',
    },
    {
      title: 'Timeless Elegance',
      text: 'Proportion, light and honest materials over passing trends, so that spaces grow more beautiful with age.',
    },
  ],
};

export const founderPage = {
  eyebrow: 'Founder & Principal Designer',
  intro:
    'Architect, interior designer and the founder of the studio. For more than fifteen years she has designed homes, hotels and workplaces across Hyderabad and South India.',
  connectLead:
    'Planning a home, a hotel or a workplace? Anjali meets every new client personally. Call, write or follow the studio’s work.',
};
