// The portfolio page's testimonials block (SPEC §2 /portfolio).

export interface Testimonial {
  quote: string;
  name: string;
  /** Who they are and which project, e.g. 'Homeowner, Jubilee Hills'. */
  role: string;
}

export const testimonials: Testimonial[] = [
  {
    quote:
      'They listened more than they talked in the first meeting, and it shows in every room. Our home finally feels calm, and the children still have space to be children.',
    name: 'Priya and Karthik Reddy',
    role: 'Homeowners, Modern Serenity',
  },
  {
    quote:
      'The hotel opened on the date we had promised our investors, and guests regularly ask who designed the lobby. The team handled contractors and surprises without ever passing the stress on to us.',
    name: 'Vikram Shetty',
    role: 'Managing Director, boutique hotel in Bengaluru',
  },
  {
    quote:
      'Our showroom used to be a warehouse with taps on shelves. Now customers spend an hour in it, try the showers, and leave with a complete bathroom rather than a single fitting.',
    name: 'Farah Siddiqui',
    role: 'Owner, Bath and Spa Center',
  },
];
