/** Lucide icon names from SPEC §3; pages map them to individually imported icon components. */
export type ServiceIcon = 'home' | 'message-circle' | 'file-text' | 'ruler' | 'lamp' | 'building';

export interface Service {
  /** Also the `key` of the service's route in routes.json. */
  id: string;
  title: string;
  icon: ServiceIcon;
  description: string;
  link: string;
}

export const services: Service[] = [
  {
    id: 'perfect-home',
    title: 'Design Your Perfect Home',
    icon: 'home',
    description: 'Complete home interiors, from the first layout to the last cushion, shaped around how you live.',
    link: '/services/perfect-home',
  },
  {
    id: 'ask-architect',
    title: 'Ask Our Architect Any Question',
    icon: 'message-circle',
    description: 'Clear, practical answers on layouts, structure and approvals from an architect who has seen it before.',
    link: '/services/ask-architect',
  },
  {
    id: 'brochure',
    title: 'Download Our Brochure',
    icon: 'file-text',
    description: 'Selected projects, our services and the way we work, gathered in one studio brochure.',
    link: '/services/brochure',
  },
  {
    id: 'renovation',
    title: 'Renovation Planning',
    icon: 'ruler',
    description: 'Surveys, phasing, budgets and finishes planned in detail before the first wall comes down.',
    link: '/services/renovation',
  },
  {
    id: 'consultation',
    title: 'Interior Consultation',
    icon: 'lamp',
    description: 'A focused session on colour, lighting and furniture, with advice you can act on straight away.',
    link: '/services/consultation',
  },
  {
    id: 'commercial',
    title: 'Commercial Projects',
    icon: 'building',
    description: 'Offices, showrooms, restaurants and hotels designed for their brand, their people and their day.',
    link: '/services/commercial',
  },
];

export interface ProcessStep {
  number: string;
  title: string;
  description: string;
}

/** 'Our Design Process' on /services (SPEC §2: four steps). */
export const designProcess: ProcessStep[] = [
  {
    number: '01',
    title: 'Discovery',
    description:
      'We visit the site, measure it, and listen: how you live or work, what you keep, what must change, and the budget and timeline that frame it all.',
  },
  {
    number: '02',
    title: 'Concept Development',
    description:
      'Layouts, mood boards and 3D views turn the brief into a clear direction, with material samples you can hold before anything is decided.',
  },
  {
    number: '03',
    title: 'Detailed Design',
    description:
      'Working drawings, joinery details, lighting and electrical plans and a costed schedule of finishes, so contractors quote on exactly the same thing.',
  },
  {
    number: '04',
    title: 'Implementation',
    description:
      'Regular site visits, vendor coordination and quality checks through to styling and handover, with one point of contact from start to finish.',
  },
];

/** 'Our Approach' on /services. */
export const ourApproach = {
  heading: 'Our Approach',
  paragraphs: [
    'We design from the inside out: from how a family cooks, rests and gathers, or how a team meets, focuses and welcomes guests, towards the rooms that serve them. Style follows from that, never the other way round.',
    'One team carries a project from the first sketch to the final styling. Architects, interior designers and our visualisers sit at the same table, so decisions made on paper survive the journey to site.',
  ],
  points: [
    'A fixed point of contact for the whole project',
    'Transparent, itemised budgets before work begins',
    'Materials chosen for the Hyderabad climate and daily life',
    'Weekly site updates with photographs',
  ],
  image: {
    src: '/images/pages/discipline-visualization.webp',
    alt: 'A living room drawn half as a line sketch and half as the finished room',
  },
};
