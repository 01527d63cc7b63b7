/** Copy of the home page sections below the hero (content/hero.ts). */

export const portfolioTeaser = {
  eyebrow: 'Selected Work',
  title: 'Our Complete Portfolio',
  lead: 'Homes, hotels and workplaces across Hyderabad and South India, each shaped around the people who use it every day.',
  cta: 'View Complete Portfolio',
  /** SPEC §9: the teaser shows the first three projects. */
  count: 3,
};

export const servicesIntro = {
  eyebrow: 'What We Do',
  title: 'Our Services',
  lead: 'From a single consultation to a turnkey villa, one studio carries your project from the first conversation to the final styling.',
};

export type WhyIcon = 'quality' | 'timely' | 'team' | 'satisfaction';

export const whyChoose = {
  eyebrow: 'The Studio Difference',
  title: 'Why Choose Our Services',
  points: [
    {
      icon: 'quality' as WhyIcon,
      title: 'Quality Assurance',
      text: 'Every joint, finish and fitting is checked on site against our drawings and samples before we sign it off.',
    },
    {
      icon: 'timely' as WhyIcon,
      title: 'Timely Delivery',
      text: 'A written schedule from day one and weekly progress reports, so you always know what happens next.',
    },
    {
      icon: 'team' as WhyIcon,
      title: 'Expert Team',
      text: 'Architects, interior designers and visualisers in one room, backed by craftsmen we have trusted for years.',
    },
    {
      icon: 'satisfaction' as WhyIcon,
      title: 'Client Satisfaction',
      text: 'Most of our work comes from referrals and returning clients, and we intend to keep it that way.',
    },
  ],
};

export const clientsIntro = {
  eyebrow: 'Our Clients',
  title: 'Trusted by Leading Brands',
};

export const newsIntro = {
  eyebrow: 'From the Studio',
  title: 'News & Thoughts',
  lead: 'Notes on materials, trends and the craft of living well, written by our designers.',
  cta: 'View All Updates',
};

export const founderTeaser = {
  eyebrow: 'Meet the Founder',
  lead: 'An architect by training and an interior designer by calling, she has led every project of the studio for fifteen years, from the first sketch to the last cushion.',
  cta: 'Meet the Founder',
};

export const servicesBlock = {
  eyebrow: 'Begin Your Project',
  title: 'Let’s Design a Space That Feels Like Yours',
  lead: 'Tell us about your home, office or hotel. We will listen, visit the site and come back with ideas, a plan and an honest budget.',
  primary: { label: 'Book a Consultation', to: '/contact' },
  secondary: { label: 'Explore Our Services', to: '/services' },
};
