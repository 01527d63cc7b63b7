/**
 * 'Trusted by Leading Brands' (SPEC §2): two rows of nine hotel and real-estate names, shown as
 * set-in-type wordmarks. Placeholders in the studio's voice until the owner supplies client logos.
 */
export interface ClientBrand {
  name: string;
  kind: 'Hotel' | 'Real Estate';
}

export const clientRows: [ClientBrand[], ClientBrand[]] = [
  [
    { name: 'The Deccan Grand', kind: 'Hotel' },
    { name: 'Golconda Residences', kind: 'Real Estate' },
    { name: 'Banjara Court Hotels', kind: 'Hotel' },
    { name: 'Lakeview Estates', kind: 'Real Estate' },
    { name: 'Charminar Suites', kind: 'Hotel' },
    { name: 'Skyline Habitats', kind: 'Real Estate' },
    { name: 'Nizam’s Retreat', kind: 'Hotel' },
    { name: 'Greenfield Developers', kind: 'Real Estate' },
    { name: 'Pearl City Inns', kind: 'Hotel' },
  ],
  [
    { name: 'Hussain Sagar Resorts', kind: 'Hotel' },
    { name: 'Cyber Towers Realty', kind: 'Real Estate' },
    { name: 'The Jubilee Hotel', kind: 'Hotel' },
    { name: 'Kohinoor Properties', kind: 'Real Estate' },
    { name: 'Saffron Stays', kind: 'Hotel' },
    { name: 'Meridian Homes', kind: 'Real Estate' },
    { name: 'Aurum Boutique Hotels', kind: 'Hotel' },
    { name: 'Deccan Land Partners', kind: 'Real Estate' },
    { name: 'Courtyard Villas', kind: 'Real Estate' },
  ],
];
