import table from '../../routes.json';

/** The journal's line of the route table: the link's address and words are the route's. */
const journal = table.routes.find((route) => route.page === 'journal');

/**
 * Main navigation, shared by the header and the mobile menu: SPEC §2's items in SPEC's order, with
 * the journal added before Contact Us, so that Contact Us stays the last step.
 */
export const mainNav: readonly { label: string; to: string }[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Multidisciplinary Studio', to: '/multidisciplinary' },
  { label: 'Our Services', to: '/services' },
  { label: 'Portfolio', to: '/portfolio' },
  ...(journal ? [{ label: journal.title, to: journal.path }] : []),
  { label: 'Contact Us', to: '/contact' },
];
