import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { chooseFile, json, openPanel, signedInApi, startPanelApi, toastText, typeInto, writesTo } from '../testPanel';

const server = signedInApi(async () => (await startPanelApi()).server);
const writes = (prefix: string) => writesTo(server(), prefix);

describe('the Settings tab', () => {
  it('uploads a logo into the settings form and stores it as company_logo on Save', async () => {
    await openPanel('/adminpanel?tab=settings');
    chooseFile(await screen.findByLabelText('Upload a logo file'), new File(['png'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByAltText('Company logo').getAttribute('src')).toBe('/media/0123abcd.png'));
    expect(writes('/api/admin/company-settings')).toEqual([]);
    expect(screen.getByTestId('dirty-state').textContent).toBe('Unsaved changes');

    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(toastText()).toContain('Settings saved successfully'));
    expect(server().requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/media-files',
      '/api/admin/company-settings',
    ]);
    expect(json(writes('/api/admin/company-settings')[0]!)).toEqual({
      settingKey: 'company_logo',
      settingValue: '/media/0123abcd.png',
      description: 'Company logo URL',
    });
    await waitFor(() => expect(screen.getByTestId('dirty-state').textContent).toBe('No unsaved changes'));
  });

  it('saves the changed settings in one go, keeps their descriptions, and derives one for a new key', async () => {
    await openPanel('/adminpanel?tab=settings');
    await screen.findByRole('button', { name: 'Save Settings' });
    expect(screen.getByLabelText('Address').tagName).toBe('TEXTAREA');
    typeInto('Phone', '+91 99999 88888');
    typeInto('Office hours', 'Mon–Sat, 10AM–6PM');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(toastText()).toContain('Settings saved successfully'));
    expect(writes('/api/admin/company-settings').map((r) => json(r))).toEqual([
      { settingKey: 'company_phone', settingValue: '+91 99999 88888', description: 'Studio phone' },
      { settingKey: 'company_hours', settingValue: 'Mon–Sat, 10AM–6PM', description: 'Company hours' },
    ]);
    await waitFor(() => expect((screen.getByLabelText('Office hours') as HTMLInputElement).value).toBe('Mon–Sat, 10AM–6PM'));
  });

  it('marks a setting the panel can tell is wrong at its field, and sends nothing', async () => {
    await openPanel('/adminpanel?tab=settings');
    await screen.findByRole('button', { name: 'Save Settings' });
    typeInto('WhatsApp number', 'call me');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    const field = screen.getByLabelText('WhatsApp number');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain('country code');
    expect(toastText()).toContain('1 field needs attention');
    expect(writes('/api/admin/company-settings')).toEqual([]);
  });
});
