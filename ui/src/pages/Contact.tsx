import { useLocation } from 'react-router-dom';
import { WithPageData } from '../app/WithPageData';
import { BookConsultation } from '../components/booking/BookConsultation';
import { ContactDetails } from '../components/contact/ContactDetails';
import { ContactForm } from '../components/contact/ContactForm';
import { LazyMap } from '../components/contact/LazyMap';
import { PageHero } from '../components/layout/PageHero';
import { usePage, useSite } from '../lib/content';

export default function Contact() {
  return <WithPageData record="contact">{() => <ContactPage />}</WithPageData>;
}

function ContactPage() {
  const site = useSite();
  const { hero, detailsTitle, mapTitle, booking } = usePage('contact');
  const { search } = useLocation();
  return (
    <>
      <PageHero hero={hero} title="Contact Us" />
      <div className="container-page section grid gap-16 lg:grid-cols-5 lg:gap-20">
        <div className="lg:col-span-3">
          <ContactForm search={search} />
        </div>
        <div className="lg:col-span-2">
          <ContactDetails site={site} title={detailsTitle} />
          <div className="mt-10">
            <BookConsultation words={booking} />
          </div>
        </div>
      </div>
      <section aria-labelledby="map-heading" className="container-page pb-24 lg:pb-32">
        <h2 id="map-heading" className="section-title">
          {mapTitle}
        </h2>
        <div className="mt-10">
          <LazyMap address={site.address} mapQuery={site.mapQuery} />
        </div>
      </section>
    </>
  );
}
