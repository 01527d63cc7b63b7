// Tests only: published project summaries as a page's data carries them (the SPEC's six listed projects).
import type { ProjectSummary } from '../lib/site';

const summary = (id: number, slug: string, title: string, category: string): ProjectSummary => ({
  id,
  slug,
  title,
  category,
  description: `${title} description`,
  coverUrl: `/images/projects/${slug}.webp`,
  year: 2023,
});

export const summaries: ProjectSummary[] = [
  summary(1, 'modern-serenity', 'Modern Serenity', 'Residential'),
  summary(2, 'elegant-harmony', 'Elegant Harmony', 'Residential'),
  summary(3, 'timeless-luxury', 'Timeless Luxury', 'Hospitality'),
  summary(4, 'refined-elegance', 'Refined Elegance', 'Residential'),
  summary(5, 'bath-and-spa', 'Bath and Spa Center', 'Commercial'),
  summary(6, 'kitchen-design', 'Kitchen and Interior Design', 'Kitchens & Baths'),
];
