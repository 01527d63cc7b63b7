/** Main navigation in SPEC §2 order, shared by the header and the mobile menu. */
export const mainNav = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Multidisciplinary Studio', to: '/multidisciplinary' },
  { label: 'Our Services', to: '/services' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Contact Us', to: '/contact' },
] as const;
