/**
 * Main navigation, shared by the header and the mobile menu: SPEC §2's items in SPEC's order, with
 * the journal (routes.json's /news) added before Contact Us, so that Contact Us stays the last step.
 * Written out rather than read from the route table: the table's lookup cost the first load 56
 * bytes of its 35 kB budget.
 */
export const mainNav = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Multidisciplinary Studio', to: '/multidisciplinary' },
  { label: 'Our Services', to: '/services' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Journal', to: '/news' },
  { label: 'Contact Us', to: '/contact' },
] as const;
