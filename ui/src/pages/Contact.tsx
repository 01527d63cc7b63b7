import { ContactDetails } from '../components/contact/ContactDetails';
import { ContactForm } from '../components/contact/ContactForm';
import { LazyMap } from '../components/contact/LazyMap';
import { PageHero } from '../components/layout/PageHero';
import { site } from '../lib/site';

export default function Contact() {
  return (
    <>
      <PageHero
        eyebrow="Get in Touch"
        title="Contact Us"
        lead="Tell us about your home, office or hotel. We reply to every message within 24-48 hours on business days."
        image="/images/pages/contact-hero.webp"
      />
      <div className="container-page section grid gap-16 lg:grid-cols-5 lg:gap-20">
        <div className="lg:col-span-3">
          <ContactForm />
        </div>
        <div className="lg:col-span-2">
          <ContactDetails site={site} />
        </div>
      </div>
      <section aria-labelledby="map-heading" className="container-page pb-24 lg:pb-32">
        <h2 id="map-heading" className="section-title">
          Find the Studio
        </h2>
        <div className="mt-10">
          <LazyMap address={site.address} mapQuery={site.mapQuery} />
        </div>
      </section>
    </>
  );
}
