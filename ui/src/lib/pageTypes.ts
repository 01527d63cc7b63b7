// The shapes of the page records (content/pageSchema.json describes their fields; the server stores
// them and sends the ones a page shows under `pages` in its page data). Paragraph fields may hold
// `*emphasis*` and `[label](href)` (components/ui/RichText.tsx).
import type { FileValue, ImageValue, LinkValue } from './pageSchema';

export type { FileValue, ImageValue, LinkValue };

export interface Seo {
  title: string;
  description: string;
}

export interface Titled {
  title: string;
  text: string;
}

export interface HeroContent {
  eyebrow: string;
  title?: string;
  lead: string;
  image: ImageValue;
}

export interface SiteRecord {
  taglines: string[];
  experience: string;
  copyrightYear: number;
  founderPhoto: ImageValue;
  servicesBlock: { eyebrow: string; title: string; lead: string; primary: LinkValue; secondary: LinkValue };
}

export interface ClientBrand {
  name: string;
  kind: string;
  /** Shown instead of the name when its `src` is set. */
  logo: ImageValue;
}

export interface HomeRecord {
  portfolio: { eyebrow: string; lead: string };
  services: { eyebrow: string; lead: string };
  whyChoose: { eyebrow: string; points: { text: string }[] };
  clients: { eyebrow: string; rowOne: ClientBrand[]; rowTwo: ClientBrand[] };
  news: { eyebrow: string; lead: string };
  founder: { eyebrow: string; lead: string; cta: string };
  seo: Seo;
}

export interface AboutRecord {
  hero: HeroContent & { title: string };
  ourStory: { title: string; paragraphs: string[]; stats: { value: string; label: string }[] };
  philosophy: { eyebrow: string; lead: string; principles: Titled[] };
  missionVision: { eyebrow: string; mission: Titled; vision: Titled };
  seo: Seo;
}

export interface MultidisciplinaryRecord {
  hero: HeroContent & { title: string };
  approach: { eyebrow: string; paragraphs: string[] };
  disciplines: { text: string; points: string[]; image: ImageValue }[];
  why: { eyebrow: string; points: { text: string }[] };
  seo: Seo;
}

export interface SlidePhoto {
  image: ImageValue;
  caption: string;
}

export interface FounderRecord {
  name: string;
  slug: string;
  title: string;
  intro: string;
  cta: LinkValue;
  slides: SlidePhoto[];
  portrait: ImageValue;
  bio: string[];
  mission: string[];
  publications: string[];
  expertise: { eyebrow: string; items: Titled[] };
  education: { eyebrow: string; items: { title: string; detail: string }[] };
  philosophy: { quote: string; values: { text: string }[] };
  connectLead: string;
  seo: Seo;
}

export interface ServicesRecord {
  hero: HeroContent;
  intro: { eyebrow: string; title: string; lead: string };
  /** In the order of the service routes (routes.json). */
  cards: { title: string; description: string }[];
  process: { eyebrow: string; lead: string; steps: { description: string }[] };
  approach: { eyebrow: string; paragraphs: string[]; points: string[]; image: ImageValue };
  seo: Seo;
}

/** The owner's words for 'Book a consultation': the button, and the line above the free times. */
export interface BookingWords {
  label: string;
  line: string;
}

export interface ServicePageRecord {
  eyebrow: string;
  lead: string;
  image: ImageValue;
  /** Only the brochure page. */
  download?: { label: string; notice: string; file: FileValue };
  body: string[];
  includedTitle: string;
  included: string[];
  stepsTitle: string;
  steps: { title: string; description: string }[];
  facts: { label: string; value: string }[];
  /** Only the pages that offer a consultation (`service-consultation`, `service-ask-architect`). */
  booking?: BookingWords;
  seo: Seo;
}

export interface PortfolioRecord {
  hero: HeroContent;
  explore: { eyebrow: string; title: string };
  testimonials: { eyebrow: string; title: string };
  seo: Seo;
}

/** The enquiry form's words: its heading, the line under it, each field's name and the button. */
export interface ContactFormWords {
  title: string;
  help: string;
  /** By the server's field names (lib/site.ts's LeadField and the three every form has). */
  labels: Record<
    'name' | 'email' | 'message' | 'phone' | 'projectType' | 'locality' | 'size' | 'budget' | 'timeline' | 'heardFrom',
    string
  >;
  button: string;
}

export interface ContactRecord {
  hero: HeroContent;
  detailsTitle: string;
  mapTitle: string;
  form: ContactFormWords;
  /** Under 'Thank You!' once a message is sent. */
  thanks: string;
  booking: BookingWords;
  seo: Seo;
}

export interface PageRecords {
  site: SiteRecord;
  home: HomeRecord;
  about: AboutRecord;
  multidisciplinary: MultidisciplinaryRecord;
  founder: FounderRecord;
  services: ServicesRecord;
  portfolio: PortfolioRecord;
  contact: ContactRecord;
  [service: `service-${string}`]: ServicePageRecord;
}

export type RecordKey = keyof PageRecords;

/** The founder's name and address, in every page's data. */
export interface FounderRef {
  name: string;
  slug: string;
}

/** An image field's alt attribute: empty when the owner marked the image decorative. */
export function altOf(image: ImageValue): string {
  return image.decorative ? '' : image.alt;
}
