/** A 'News & Thoughts' entry on the home page (SPEC §3: five items, Nov 20 to Dec 15, 2024). */
export interface NewsItem {
  id: number;
  /** Shown as written; entries are in publishing order, newest first. */
  date: string;
  title: string;
  content: string;
}

export const newsItems: NewsItem[] = [
  {
    id: 1,
    date: 'Dec 15, 2024',
    title: 'Minimalism in 2025: Warmer, Softer, More Personal',
    content:
      'The stark white box is giving way to a quieter kind of minimalism: limewashed walls, oiled teak, handloom upholstery and fewer, better objects. In the Jubilee Hills apartments we are finishing this winter, clients are asking for rooms that feel calm without feeling empty, with storage built into the architecture so that surfaces stay clear and the materials can speak.',
  },
  {
    id: 2,
    date: 'Dec 8, 2024',
    title: 'Designing for Hyderabad’s Climate, Sustainably',
    content:
      'Deep verandas, jaali screens and cross-ventilation kept Deccan homes cool long before air conditioning. We now pair those ideas with low-VOC paints, locally quarried Kota and Tandur stone, reclaimed timber and efficient LED lighting, which together cut both the embodied carbon of a fit-out and the electricity bill that follows it.',
  },
  {
    id: 3,
    date: 'Dec 1, 2024',
    title: 'The Psychology of Colour at Home',
    content:
      'Colour changes how a room feels long before anyone notices it. Warm terracottas and ochres make a dining room sociable, muted sage and clay settle a bedroom, and a deep indigo study helps concentration. We test every palette on site, morning and evening, because Hyderabad’s strong light shifts a shade more than any sample card suggests.',
  },
  {
    id: 4,
    date: 'Nov 27, 2024',
    title: 'Smart Homes That Stay Out of Sight',
    content:
      'The best home automation is the kind you never see. We plan conduits, sensors and control points at the drawing stage so that lighting scenes, motorised blinds, climate control and security sit behind clean switch plates and joinery, and every system can still be worked by hand when the Wi-Fi is having a bad day.',
  },
  {
    id: 5,
    date: 'Nov 20, 2024',
    title: 'Bringing Nature Indoors with Biophilic Design',
    content:
      'Planted courtyards, filtered daylight, natural textures and views of green are not decoration: people who live and work with them report less stress and better sleep. From a Gachibowli office with a double-height indoor garden to a terrace home built around a single neem tree, we design rooms that keep their occupants connected to the outdoors.',
  },
];
