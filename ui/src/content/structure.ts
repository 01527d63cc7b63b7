// What SPEC fixes on the fixed pages (§2): the names of items whose count it also fixes. They stay
// with the design, not in the page records; each record list of these has exactly this many items
// (content/pages.test.ts), and the components pair them by position.

/** Home, 'Why Choose Our Services'. */
export const WHY_CHOOSE_POINTS = ['Quality Assurance', 'Timely Delivery', 'Expert Team', 'Client Satisfaction'] as const;

/** /multidisciplinary, the three disciplines. */
export const DISCIPLINES = ['Architecture', 'Interior Design', '3D Visualization'] as const;

/** /multidisciplinary, 'Why Choose a Multidisciplinary Approach'. */
export const WHY_MULTIDISCIPLINARY_POINTS = [
  'Holistic Solutions',
  'Seamless Coordination',
  'Innovation Through Collaboration',
  'Cost and Time Efficiency',
] as const;

/** /services, 'Our Design Process'. */
export const PROCESS_STEPS = ['Discovery', 'Concept Development', 'Detailed Design', 'Implementation'] as const;

/** The founder page's Design Philosophy values. */
export const FOUNDER_VALUES = ['Human-Centered Design', 'Sustainable Innovation', 'Timeless Elegance'] as const;

/** SPEC §3 and §9: the founder slideshow's six photos. */
export const FOUNDER_SLIDES = 6;

/** SPEC §2 Footer: five brand taglines. */
export const FOOTER_TAGLINES = 5;

/** SPEC §2 Home: two rows of nine client brands. */
export const CLIENTS_PER_ROW = 9;
