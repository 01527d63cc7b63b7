import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routerFuture } from '../app/routes';
import { WithPageData } from '../app/WithPageData';
import { clearPageData, primePageData } from '../lib/pageData';
import pages from '../content/pages.json';
import { SiteDataProvider } from '../lib/content';
import type { PageRecords, ServicePageRecord } from '../lib/pageTypes';
import { siteFrom, whatsappHref, type LeadForm, type PageData } from '../lib/site';
import { ContactDetails } from './contact/ContactDetails';
import { ContactForm } from './contact/ContactForm';
import { ClientMarquee } from './home/ClientMarquee';
import { Footer, years } from './layout/Footer';
import { ServiceDetail } from './services/ServiceDetail';

// The public components draw the owner's page records (docs/page-records.md).
const seed = pages as unknown as PageRecords;

function withSite(data: PageData, children: ReactNode) {
  return (
    <MemoryRouter future={routerFuture}>
      <SiteDataProvider value={{ firstPath: '/', data }}>{children}</SiteDataProvider>
    </MemoryRouter>
  );
}

describe("the enquiry form in the owner's words", () => {
  it('takes its heading, line, field names and button from the contact record', () => {
    const contact = structuredClone(seed.contact);
    contact.form = {
      title: 'Tell us about your home',
      help: 'Only the first three are needed.',
      labels: { ...contact.form.labels, name: 'Your name', heardFrom: 'Where did you find us?' },
      button: 'Send it',
    };
    const leadForm: LeadForm = {
      fields: { phone: 'optional', projectType: 'optional', locality: 'hidden', size: 'hidden', budget: 'hidden', timeline: 'hidden', heardFrom: 'optional' },
      budgets: [],
      timelines: [],
      projectTypes: ['Residential'],
    };
    render(withSite({ settings: {}, pages: { contact } }, <ContactForm leadForm={leadForm} />));
    expect(screen.getByRole('heading', { name: 'Tell us about your home' })).toBeTruthy();
    expect(screen.getByText('Only the first three are needed.')).toBeTruthy();
    expect(screen.getByLabelText('Your name')).toBeTruthy();
    expect(screen.getByLabelText(/Where did you find us\?/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send it' })).toBeTruthy();
  });

  it('is seeded with the words the form had', () => {
    expect(seed.contact.form.title).toBe('Send Us a Message');
    expect(seed.contact.form.labels.heardFrom).toBe('How did you hear about us?');
    expect(seed.contact.form.button).toBe('Send Message');
  });
});

describe("'Book a consultation' in the owner's words", () => {
  const consultation = seed['service-consultation']!;
  const on: PageData = { settings: { consultations: 'on' } };

  it('shows the page record\'s label on the pages that offer a consultation, while bookings are on', () => {
    const page: ServicePageRecord = { ...consultation, booking: { label: 'Book your hour', line: 'Choose a free hour.' } };
    const { unmount } = render(withSite(on, <ServiceDetail title="Interior Consultation" page={page} />));
    const link = screen.getByRole('link', { name: 'Book your hour' });
    expect(link.getAttribute('href')).toBe('/book');
    unmount();
    render(withSite({ settings: {} }, <ServiceDetail title="Interior Consultation" page={page} />));
    expect(screen.queryByRole('link', { name: 'Book your hour' })).toBeNull();
  });

  it('opens the free times under the same label and the record\'s line', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
    const page: ServicePageRecord = { ...consultation, booking: { label: 'Book your hour', line: 'Choose a free hour.' } };
    render(withSite(on, <ServiceDetail title="Interior Consultation" page={page} />));
    fireEvent.click(screen.getByRole('link', { name: 'Book your hour' }));
    const dialog = screen.getByRole('dialog', { name: 'Book your hour' });
    expect(dialog.textContent).toContain('Choose a free hour.');
    vi.unstubAllGlobals();
  });

  it('is offered only where the record carries the words, as seeded: today\'s words', () => {
    expect(seed['service-consultation']!.booking).toEqual({ label: 'Book a consultation', line: 'Pick a time, then tell us how to reach you.' });
    expect(seed['service-ask-architect']!.booking?.label).toBe('Book a consultation');
    expect(seed.contact.booking.label).toBe('Book a consultation');
    render(withSite(on, <ServiceDetail title="Renovation Planning" page={seed['service-renovation']!} />));
    expect(screen.queryByRole('link', { name: 'Book a consultation' })).toBeNull();
  });
});

describe('the brochure button', () => {
  const brochure = seed['service-brochure']!;

  it('keeps the placeholder alert while no PDF is uploaded', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    render(withSite({ settings: {} }, <ServiceDetail title="Download Our Brochure" page={brochure} />));
    fireEvent.click(screen.getByRole('button', { name: 'Download Brochure' }));
    expect(alert).toHaveBeenCalledWith(brochure.download!.notice);
    vi.unstubAllGlobals();
  });

  it('downloads the uploaded PDF once there is one', () => {
    const page: ServicePageRecord = {
      ...brochure,
      download: { ...brochure.download!, file: { url: '/media/0123456789abcdef0123.pdf', name: 'studio-brochure.pdf' } },
    };
    render(withSite({ settings: {} }, <ServiceDetail title="Download Our Brochure" page={page} />));
    expect(screen.queryByRole('button', { name: 'Download Brochure' })).toBeNull();
    const link = screen.getByRole('link', { name: 'Download Brochure' });
    expect(link.getAttribute('href')).toBe('/media/0123456789abcdef0123.pdf');
    expect(link.getAttribute('download')).toBe('studio-brochure.pdf');
  });
});

describe('WhatsApp', () => {
  it('links the digits of the number to wa.me', () => {
    expect(whatsappHref('+91 98480 22338')).toBe('https://wa.me/919848022338');
    expect(whatsappHref('  ')).toBe('');
  });

  it('the contact page shows "Chat on WhatsApp" only when the setting is set', () => {
    const { unmount } = render(withSite({ settings: {} }, <ContactDetails site={siteFrom({ settings: {} })} title="Visit or Call" />));
    expect(screen.queryByText('Chat on WhatsApp')).toBeNull();
    unmount();
    const site = siteFrom({ settings: { company_whatsapp: '+91 98480 22338' } });
    render(withSite({ settings: {} }, <ContactDetails site={site} title="Visit or Call" />));
    expect(screen.getByRole('link', { name: /Chat on WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/919848022338');
  });

  it('the footer shows it too, with the site record of the page data', () => {
    const site = structuredClone(seed.site);
    site.taglines[4] = 'Homes that age well';
    site.copyrightYear = 2026;
    const data: PageData = { settings: { company_whatsapp: '98480 22338' }, pages: { site } };
    render(withSite(data, <Footer />));
    expect(screen.getByRole('link', { name: /Chat on WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/9848022338');
    expect(screen.getByText('Homes that age well')).toBeTruthy();
    expect(screen.getByText(/© 2026 /)).toBeTruthy();
    expect(screen.getByRole('img', { name: seed.site.founderPhoto.alt })).toBeTruthy();
  });

  it('the footer\'s copyright runs to this year by the clock', () => {
    expect(years(2024, new Date(2027, 0, 1))).toBe('2024–2027');
    expect(years(2027, new Date(2027, 5, 1))).toBe('2027');
    const site = structuredClone(seed.site);
    render(withSite({ settings: {}, pages: { site } }, <Footer />));
    expect(screen.getByText(new RegExp(`© ${seed.site.copyrightYear}–${new Date().getFullYear()} `))).toBeTruthy();
  });

  it('the footer has no WhatsApp link without a number', () => {
    render(withSite({ settings: {} }, <Footer />));
    expect(screen.queryByText('Chat on WhatsApp')).toBeNull();
  });
});

describe('client brands', () => {
  it('show a logo when the owner set one, else the name in type', () => {
    const rowOne = structuredClone(seed.home.clients.rowOne);
    rowOne[0]!.logo = { src: '/media/0123456789abcdef0123.png', alt: 'The Deccan Grand', decorative: false };
    render(<ClientMarquee rows={[rowOne, seed.home.clients.rowTwo]} />);
    const row = screen.getByRole('list', { name: 'Clients, row 1' });
    expect(row.querySelector('img')?.getAttribute('alt')).toBe('The Deccan Grand');
    expect(row.textContent).not.toContain('The Deccan Grand');
    expect(row.textContent).toContain(rowOne[1]!.name);
  });
});

describe("a page's own record", () => {
  afterEach(() => clearPageData());

  it('names the browser tab with its SEO title after client-side navigation', async () => {
    const about = structuredClone(seed.about);
    about.seo.title = 'About the Studio';
    primePageData('/about', { settings: {}, pages: { about } });
    render(
      <MemoryRouter initialEntries={['/about']} future={routerFuture}>
        <WithPageData record="about">{() => <p>About</p>}</WithPageData>
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toMatch(/^About the Studio \| /));
  });
});
