import { Link } from 'react-router-dom';
import { usePage } from '../../lib/content';
import { altOf } from '../../lib/pageTypes';
import { CheckList } from '../ui/CheckList';
import { Picture } from '../ui/Picture';
import { RichText } from '../ui/RichText';

/** 'Our Approach' with the 'Discuss Your Project' button to /contact (SPEC §2 /services). */
export function OurApproach() {
  const approach = usePage('services').approach;
  return (
    <section aria-labelledby="our-approach-heading" className="container-page section">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-20">
        <div className="aspect-[4/3] overflow-hidden rounded-sm bg-sand-200">
          <Picture
            src={approach.image.src}
            alt={altOf(approach.image)}
            sizes="(min-width: 1024px) 50vw, 100vw"
            width={1200}
            height={900}
            className="size-full object-cover"
          />
        </div>
        <div>
          <span className="eyebrow">{approach.eyebrow}</span>
          <h2 id="our-approach-heading" className="section-title mt-4">
            Our Approach
          </h2>
          {approach.paragraphs.map((paragraph, i) => (
            <p key={i} className="mt-6 leading-relaxed text-stone-600">
              <RichText text={paragraph} />
            </p>
          ))}
          {approach.points.length > 0 && (
            <CheckList
              items={approach.points}
              className="mt-8 space-y-3"
              itemClassName="flex gap-3 text-charcoal"
              checkClassName="mt-0.5 size-5"
            />
          )}
          <Link to="/contact" className="btn btn-primary mt-10">
            Discuss Your Project
          </Link>
        </div>
      </div>
    </section>
  );
}
