import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { telHref } from '../../lib/links';
import { contactHref } from '../../lib/projectType';
import { imageInfo } from '../../lib/images';
import { coverAlt } from '../../lib/projects';
import type { GalleryImage, ProjectRecord } from '../../lib/site';
import { Picture } from '../ui/Picture';
import { usePhotoViewer } from '../viewer/usePhotoViewer';

interface Props {
  project: ProjectRecord;
  phone: string;
}

const GALLERY_SIZES = '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw';

/**
 * An uploaded photo taller than wide keeps its shape in the grid: a tile of two rows from the medium
 * breakpoint (one column on a phone, 3:4), instead of a landscape crop of its middle.
 */
function isPortrait(url: string): boolean {
  const info = imageInfo(url);
  return !!info && info.height > info.width;
}

/** A case-study page (SPEC §2): gallery, facts column (1 of 3), story column (2 of 3). */
export function CaseStudyView({ project, phone }: Props) {
  // A project without a gallery yet shows its cover in its place.
  const gallery: GalleryImage[] =
    project.gallery.length > 0 ? project.gallery : project.coverUrl ? [{ imageUrl: project.coverUrl, alt: coverAlt(project) }] : [];
  const { linkProps, viewer } = usePhotoViewer(gallery.map((image) => ({ url: image.imageUrl, alt: image.alt })));
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'Date', value: project.year },
    { label: 'Category', value: project.category },
    { label: 'Location', value: project.location },
    {
      label: 'Phone',
      value: (
        <a href={telHref(phone)} className="tap-inline underline decoration-brass-500/50 underline-offset-4 hover:decoration-brass-500">
          {phone}
        </a>
      ),
    },
    ...(project.tags.length === 0 ? [] : [{
      label: 'Tags',
      value: (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {project.tags.map((tag) => (
            <li key={tag} className="rounded-full border border-sand-200 bg-white px-3 py-1 text-sm">
              {tag}
            </li>
          ))}
        </ul>
      ),
    }]),
  ];

  return (
    <article>
      <header className="bg-sand/60 pt-header">
        <div className="container-page py-14 lg:py-20">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">
              <li>
                <Link to="/portfolio" className="tap-inline hover:text-charcoal">
                  Portfolio
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="text-charcoal">
                {project.title}
              </li>
            </ol>
          </nav>
          <span className="eyebrow mt-10">{project.category} · {project.year}</span>
          <h1 className="mt-4 font-display text-5xl leading-none text-charcoal md:text-7xl">{project.title}</h1>
          {project.location && <p className="mt-6 text-lg text-stone-600">{project.location}</p>}
        </div>
      </header>

      <section aria-label="Gallery" className="container-page pt-12 lg:pt-16">
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {gallery.map((image, index) => {
            const portrait = isPortrait(image.imageUrl);
            return (
            <li key={`${index}:${image.imageUrl}`} className={portrait ? 'md:row-span-2' : undefined}>
              {/* Without JavaScript, a link to the photo's largest size; with it, the viewer. */}
              <a
                {...linkProps(index)}
                data-shape={portrait ? 'portrait' : 'landscape'}
                className={`block cursor-zoom-in overflow-hidden rounded-sm bg-sand-200 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brass-600 ${
                  portrait ? 'aspect-[3/4] md:aspect-auto md:h-full' : 'aspect-[4/3]'
                }`}
              >
                <Picture
                  src={image.imageUrl}
                  alt={image.alt}
                  sizes={GALLERY_SIZES}
                  width={portrait ? 900 : 1200}
                  height={portrait ? 1200 : 900}
                  priority={index === 0}
                  className="size-full object-cover"
                />
                <span className="sr-only">
                  {' '}(photo {index + 1} of {gallery.length}, opens full screen)
                </span>
              </a>
            </li>
            );
          })}
        </ul>
        {viewer}
      </section>

      <div className="container-page section grid gap-14 lg:grid-cols-3 lg:gap-16">
        <aside aria-labelledby="project-details" className="lg:col-span-1">
          <h2 id="project-details" className="sr-only">
            Project details
          </h2>
          <dl className="divide-y divide-sand-200 border-y border-sand-200 lg:sticky lg:top-28">
            {facts.map((fact) => (
              <div key={fact.label} className="py-5">
                <dt className="text-xs font-semibold tracking-[0.25em] text-brass-700 uppercase">{fact.label}</dt>
                <dd className="mt-2 text-charcoal">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </aside>

        <div className="lg:col-span-2">
          <h2 className="font-display text-4xl leading-tight text-charcoal md:text-5xl">{project.headline || project.title}</h2>
          {project.intro && <p className="mt-8 text-xl leading-relaxed text-stone-600">{project.intro}</p>}
          {project.sections.map((section, index) => (
            <section key={`${index}:${section.title}`} className="mt-12">
              <h3 className="font-display text-3xl text-charcoal">{section.title}</h3>
              <ul className="mt-5 space-y-3">
                {section.bullets.map((bullet, index) => (
                  <li key={`${index}:${bullet}`} className="flex gap-4 leading-relaxed text-stone-600">
                    <span aria-hidden="true" className="mt-3 h-px w-5 shrink-0 bg-brass-500" />
                    {bullet}
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <div className="mt-16 flex flex-wrap gap-4 border-t border-sand-200 pt-10">
            <Link to="/portfolio" className="btn btn-outline">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Portfolio
            </Link>
            <Link to={contactHref(project.category)} className="btn btn-primary">
              Discuss a Similar Project
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
