// The footer imports this file, so it ships in the entry chunk: keep it to short facts and put
// long case-study copy in modules that only the page chunks import.

export type ProjectCategory = 'Residential' | 'Commercial' | 'Hospitality' | 'Specialty';

/** Values of the portfolio's `?category=` query parameter (SPEC §2 route table). */
export type PortfolioFilterId = 'residential' | 'commercial' | 'hospitality' | 'kitchens';

export interface PortfolioFilter {
  id: PortfolioFilterId;
  label: string;
}

/** The portfolio's filter list, in display order, after 'All Projects'. */
export const portfolioFilters: PortfolioFilter[] = [
  { id: 'residential', label: 'Residential' },
  { id: 'commercial', label: 'Commercial' },
  { id: 'hospitality', label: 'Hospitality' },
  { id: 'kitchens', label: 'Kitchens & Baths' },
];

export interface Project {
  /** Also the `key` of the case-study route in routes.json. */
  slug: string;
  title: string;
  category: ProjectCategory;
  year: number;
  location: string;
  link: string;
  /** Cover image; the gallery is `/images/projects/{slug}-1.webp` … `-5.webp`. */
  image: string;
  alt: string;
  /** Shown in the portfolio list; Ceramic Italy Design only has its case-study page (SPEC §3). */
  listed: boolean;
  /** Portfolio filters this project appears under; a project may sit under several (a kitchen is Residential too). */
  filters: PortfolioFilterId[];
}

type ProjectFacts = Omit<Project, 'link' | 'image'>;

function project(facts: ProjectFacts): Project {
  return {
    ...facts,
    link: `/portfolio/${facts.slug}`,
    image: `/images/projects/${facts.slug}.webp`,
  };
}

export const projects: Project[] = [
  project({
    slug: 'modern-serenity',
    title: 'Modern Serenity',
    category: 'Residential',
    year: 2023,
    location: 'Hyderabad, Telangana',
    alt: 'Light-filled living room with warm timber, stone and soft layered lighting',
    listed: true,
    filters: ['residential'],
  }),
  project({
    slug: 'elegant-harmony',
    title: 'Elegant Harmony',
    category: 'Residential',
    year: 2022,
    // SPEC's table does not itemise this project's city: keep it at the state, as published.
    location: 'Telangana, India',
    alt: 'Classically proportioned lounge with contemporary furniture and brass details',
    listed: true,
    filters: ['residential'],
  }),
  project({
    slug: 'timeless-luxury',
    title: 'Timeless Luxury',
    category: 'Hospitality',
    year: 2023,
    location: 'Bengaluru, Karnataka',
    alt: 'Boutique hotel lobby with a timber reception desk under tall arched windows',
    listed: true,
    filters: ['hospitality'],
  }),
  project({
    slug: 'refined-elegance',
    title: 'Refined Elegance',
    category: 'Residential',
    year: 2024,
    location: 'Hyderabad, Telangana',
    alt: 'Home entertainment room with a media wall, lounge seating and a refreshment bar',
    listed: true,
    filters: ['residential'],
  }),
  project({
    slug: 'bath-and-spa',
    title: 'Bath and Spa Center',
    category: 'Commercial',
    year: 2023,
    location: 'Hyderabad, Telangana',
    alt: 'Bath showroom with basins on stone pillars around a freestanding tub',
    listed: true,
    filters: ['commercial', 'kitchens'],
  }),
  project({
    slug: 'kitchen-design',
    title: 'Kitchen and Interior Design',
    category: 'Residential',
    year: 2023,
    location: 'Hyderabad, Telangana',
    alt: 'Modern kitchen with custom cabinetry, a stone island and pendant task lighting',
    listed: true,
    filters: ['residential', 'kitchens'],
  }),
  project({
    slug: 'ceramic-design',
    title: 'Ceramic Italy Design',
    category: 'Specialty',
    year: 2024,
    location: 'Hyderabad, Telangana',
    alt: 'Large-format marble-look Italian porcelain lining the walls and floor of a bright room',
    listed: false,
    filters: [],
  }),
];

export function projectBySlug(slug: string): Project | undefined {
  return projects.find((p) => p.slug === slug);
}
