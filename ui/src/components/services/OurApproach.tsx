import { Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ourApproach } from '../../content/services';

/** 'Our Approach' with the 'Discuss Your Project' button to /contact (SPEC §2 /services). */
export function OurApproach() {
  return (
    <section aria-labelledby="our-approach-heading" className="container-page section">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-20">
        <div className="aspect-[4/3] overflow-hidden rounded-sm bg-sand-200">
          <img
            src={ourApproach.image.src}
            alt={ourApproach.image.alt}
            width={1200}
            height={900}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        </div>
        <div>
          <span className="eyebrow">Why clients stay with us</span>
          <h2 id="our-approach-heading" className="section-title mt-4">
            {ourApproach.heading}
          </h2>
          {ourApproach.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-6 leading-relaxed text-stone-600">
              {paragraph}
            </p>
          ))}
          <ul className="mt-8 space-y-3">
            {ourApproach.points.map((point) => (
              <li key={point} className="flex gap-3 text-charcoal">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-600" />
                {point}
              </li>
            ))}
          </ul>
          <Link to="/contact" className="btn btn-primary mt-10">
            Discuss Your Project
          </Link>
        </div>
      </div>
    </section>
  );
}
