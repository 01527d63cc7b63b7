/** Copy of the home hero (the slides themselves are live data from the server). */

// Apart from the rest of the home copy (content/home.ts): the hero is the one part of the home
// page in its first chunk, and a module shared with the later sections would join it there.
export const heroEyebrow = 'PREMIUM • FUNCTIONALITY';
