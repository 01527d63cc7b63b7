/** Copy of /multidisciplinary. */

export const multiHero = {
  eyebrow: 'Multidisciplinary Studio',
  title: 'Architecture, Interiors and Visualisation Under One Roof',
  lead: 'One team, one set of drawings and one point of contact, from the first sketch to the final styling.',
  image: '/images/pages/multidisciplinary-hero.webp',
  alt: 'A contemporary residence at dusk with warm light glowing through tall windows',
};

export const comprehensiveApproach = {
  eyebrow: 'Our Approach',
  title: 'Comprehensive Design Approach',
  paragraphs: [
    'Most projects pass between an architect, an interior designer and a visualiser, and something is lost at every hand-over. We keep all three disciplines in one studio, working on the same model from the first meeting.',
    'The result is a building and its interiors conceived together: window positions that suit the furniture plan, ceilings detailed for the lighting scheme, and a client who sees the finished room in 3D before a single wall is built.',
  ],
};

export type DisciplineKey = 'architecture' | 'interior' | 'visualization';

export interface Discipline {
  key: DisciplineKey;
  title: string;
  text: string;
  points: string[];
  image: string;
  alt: string;
}

export const disciplines: Discipline[] = [
  {
    key: 'architecture',
    title: 'Architecture',
    text: 'New homes, extensions and commercial buildings designed for Hyderabad’s climate: deep shade, cross-ventilation and daylight without glare.',
    points: ['Site analysis and massing', 'Climate-responsive planning', 'Structural and services coordination', 'Municipal approvals support'],
    image: '/images/pages/discipline-architecture.webp',
    alt: 'A modern house with deep overhangs, stone walls and a landscaped entrance',
  },
  {
    key: 'interior',
    title: 'Interior Design',
    text: 'Rooms planned around the way you live, finished in honest materials and furnished with pieces made to measure.',
    points: ['Space planning and furniture layouts', 'Material and colour palettes', 'Custom joinery and furniture', 'Lighting design and styling'],
    image: '/images/pages/discipline-interior.webp',
    alt: 'A classically proportioned living room with contemporary furniture and brass accents',
  },
  {
    key: 'visualization',
    title: '3D Visualization',
    text: 'Photorealistic renderings and walkthroughs that let you see and change a space long before construction begins.',
    points: ['Photorealistic still renderings', 'Virtual walkthroughs', 'Material and lighting studies', 'Design options compared side by side'],
    image: '/images/pages/discipline-visualization.webp',
    alt: 'A living room shown half as a line drawing and half as a finished rendering',
  },
];

export type WhyMultiIcon = 'holistic' | 'coordination' | 'innovation' | 'efficiency';

export const whyMultidisciplinary = {
  eyebrow: 'The Advantage',
  title: 'Why Choose a Multidisciplinary Approach',
  points: [
    {
      icon: 'holistic' as WhyMultiIcon,
      title: 'Holistic Solutions',
      text: 'Structure, space and styling are solved together, so the building and its interiors tell one story.',
    },
    {
      icon: 'coordination' as WhyMultiIcon,
      title: 'Seamless Coordination',
      text: 'One team and one set of drawings: no gaps between consultants and no finger-pointing on site.',
    },
    {
      icon: 'innovation' as WhyMultiIcon,
      title: 'Innovation Through Collaboration',
      text: 'Architects, designers and visualisers challenge one another daily, and better ideas come out of it.',
    },
    {
      icon: 'efficiency' as WhyMultiIcon,
      title: 'Cost and Time Efficiency',
      text: 'Decisions made early and once avoid rework, which keeps budgets honest and schedules on track.',
    },
  ],
};
