import { describe, expect, it } from 'vitest';
import { changedKeys, describeKey, hintFor, inputFor, labelFor, mapDisagrees, mapLocationOf, refusalText, settingProblems, settingRows, settingValues, SITE_URL_KEY } from './settings';

const setting = (id: number, settingKey: string, settingValue = 'v', description = 'd') => ({
  id,
  settingKey,
  settingValue,
  description,
});

describe('company settings', () => {
  it('derives a description and a label from the key', () => {
    expect(describeKey('company_phone')).toBe('Company phone');
    expect(describeKey('company_map_query')).toBe('Company map query');
    expect(describeKey('opening_note')).toBe('Opening note');
    expect(labelFor('company_email')).toBe('E-mail');
    expect(labelFor('company_whatsapp_number')).toBe('Whatsapp number');
  });

  it('edits the address in a multi-line box', () => {
    expect(inputFor('company_address')).toBe('multiline');
    expect(inputFor('company_phone')).toBe('tel');
    expect(inputFor('company_unknown')).toBe('text');
  });

  it("edits the site's address as a URL, in plain words without configuration names", () => {
    expect(labelFor(SITE_URL_KEY)).toBe('Site address');
    expect(inputFor(SITE_URL_KEY)).toBe('url');
    expect(hintFor(SITE_URL_KEY)).toContain('for example https://');
    expect(hintFor(SITE_URL_KEY)).not.toMatch(/studio\.toml|public_url/);
    expect(settingRows([]).map((row) => row.key)).toContain(SITE_URL_KEY);
    expect(hintFor('company_phone')).toBeUndefined();
  });

  it('lists known keys in order (missing ones empty), then the others, never the logo', () => {
    const rows = settingRows([
      setting(1, 'company_logo'),
      setting(2, 'company_zeta'),
      setting(3, 'company_phone'),
      setting(4, 'company_name'),
      setting(5, 'company_alpha'),
    ]);
    const keys = rows.map((row) => row.key);
    expect(keys.slice(0, 4)).toEqual(['company_name', 'company_legal_name', 'company_tagline', 'company_phone']);
    expect(keys.slice(-2)).toEqual(['company_alpha', 'company_zeta']);
    expect(keys).not.toContain('company_logo');
    expect(rows.find((row) => row.key === 'company_legal_name')?.setting).toBeUndefined();
    expect(rows.find((row) => row.key === 'company_phone')?.setting?.id).toBe(3);
  });

  it('holds the form as one record: every row and the logo, and only the changed keys are sent', () => {
    const values = settingValues([setting(1, 'company_logo', '/media/a.png'), setting(2, 'company_phone', '+91 1')]);
    expect(values.company_logo).toBe('/media/a.png');
    expect(values.company_phone).toBe('+91 1');
    expect(values.company_name).toBe('');
    expect(changedKeys(values, { ...values, company_name: 'Nivasa', company_phone: '+91 1' })).toEqual(['company_name']);
  });

  it('marks what it can tell is wrong by the field label, in plain words', () => {
    expect(settingProblems({ company_email: 'studio@', company_whatsapp: '12', site_url: 'nivasa' })).toEqual({
      'E-mail': expect.stringContaining('e-mail address'),
      'WhatsApp number': expect.stringContaining('country code'),
      'Site address': expect.stringContaining('https://'),
    });
    expect(settingProblems({ company_email: '', company_whatsapp: '+91 98480 12345', site_url: 'https://www.example.com' })).toEqual({});
    expect(refusalText('settingValue must be a link')).toBe('Must be a link');
  });
});

describe('the map location and the address', () => {
  it('agree while every word of the map location is in the address', () => {
    const address = 'Plot 42, Road No. 36,\nJubilee Hills, Hyderabad, Telangana 500033';
    expect(mapDisagrees(address, 'Road No. 36, Jubilee Hills, Hyderabad, Telangana')).toBe(false);
    expect(mapDisagrees(address, '')).toBe(false);
    expect(mapDisagrees('Plot 7, Banjara Hills, Hyderabad', 'Road No. 36, Jubilee Hills, Hyderabad')).toBe(true);
    expect(mapLocationOf(address)).toBe('Plot 42, Road No. 36, Jubilee Hills, Hyderabad, Telangana 500033');
  });

  it('sit together: Map location right under Address, saying what it does', () => {
    const keys = settingRows([]).map((row) => row.key);
    expect(keys.indexOf('company_map_query')).toBe(keys.indexOf('company_address') + 1);
    expect(hintFor('company_map_query')).toContain('Open in Google Maps');
  });
});
