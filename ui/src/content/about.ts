/** Copy of /about beyond the founder's section (which comes from founder.ts). */

export const aboutHero = {
  eyebrow: 'About Us',
  title: 'A Studio Built on Craft, Light and Listening',
  lead: 'Fifteen years of homes, hotels and workplaces designed in Hyderabad for the people who live and work in them.',
  image: '/images/pages/about-hero.webp',
  alt: 'The studio’s light-filled workspace with drawing tables and material samples',
};

export const ourStory = {
  eyebrow: 'Our Story',
  title: 'From a Drawing Table in Banjara Hills to a Full-Service Studio',
  paragraphs: [
    'The studio began in 2009 with one architect, one drawing table and a two-bedroom apartment in Banjara Hills that needed to feel twice its size. Word travelled, and the commissions that followed were larger: family villas, then a boutique hotel, then a corporate campus.',
    'Today our team of architects, interior designers and visualisers works from a studio and material library in Jubilee Hills. We still take on a limited number of projects each year, so that the founder can lead every one of them personally.',
  ],
  stats: [
    { value: '15+', label: 'Years of practice' },
    { value: '250+', label: 'Projects completed' },
    { value: '40+', label: 'Artisans and makers' },
    { value: '12', label: 'Cities across South India' },
  ],
};

export const designPhilosophy = {
  eyebrow: 'How We Think',
  title: 'Our Design Philosophy',
  lead: 'Good design is not a style. It is a way of paying attention: to how a family moves through its morning, to where the afternoon sun falls, to the feel of a handle.',
  principles: [
    {
      title: 'Listen First',
      text: 'Before we draw a line we spend time understanding routines, rituals, collections and the things you cannot live without.',
    },
    {
      title: 'Light and Proportion',
      text: 'We plan rooms around daylight and scale, because no finish can rescue a space that is badly lit or awkwardly sized.',
    },
    {
      title: 'Honest Materials',
      text: 'Stone, timber, lime, brass and handloom, sourced close to home and detailed to age gracefully.',
    },
    {
      title: 'Crafted Details',
      text: 'Joinery, inlays and lighting designed in the studio and made by craftsmen who take pride in the work.',
    },
  ],
};

export const missionVision = {
  eyebrow: 'What Drives Us',
  title: 'Mission and Vision',
  mission: {
    title: 'Our Mission',
    text: 'To design homes and workplaces that make everyday life calmer and more beautiful, delivered with clear plans, honest budgets and craftsmanship we are proud to put our name to.',
  },
  vision: {
    title: 'Our Vision',
    text: 'To be South India’s most trusted studio for thoughtful, enduring interiors: spaces rooted in local craft and climate that feel as right in twenty years as on the day they are finished.',
  },
};
