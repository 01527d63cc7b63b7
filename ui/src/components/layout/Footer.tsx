import { Mail, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { telHref } from '../../lib/links';
import { coverAlt, projectPath } from '../../lib/projects';
import { useFounder, useFounderPath, useSite, useSiteRecord } from '../../lib/content';
import { altOf } from '../../lib/pageTypes';
import { whatsappHref } from '../../lib/site';
import { ExperienceBadge } from '../ui/ExperienceBadge';
import { NewTabLink } from '../ui/NewTabLink';
import { Picture } from '../ui/Picture';
import { Logo } from './Logo';

/**
 * SPEC §2's footer. On a phone it ends within about one and a half screens: the taglines, the
 * contact block and a one-line founder credit; the tall founder photo and the three project cards
 * (which repeat the page above) join from the medium breakpoint.
 */
export function Footer() {
  const site = useSite();
  const { taglines, founderPhoto, copyrightYear, experience } = useSiteRecord();
  const founder = useFounder();
  const founderPath = useFounderPath();
  // SPEC §2 Footer: the first three published projects, captioned with their category.
  const footerProjects = site.footerProjects.slice(0, 3);
  const socialLinks = [
    { label: 'LinkedIn', href: site.social.linkedin },
    { label: 'Instagram', href: site.social.instagram },
    { label: 'Facebook', href: site.social.facebook },
  ];
  const whatsapp = whatsappHref(site.whatsapp);
  return (
    <footer className="bg-charcoal text-ivory/85">
      <div className="container-page grid gap-10 py-14 md:gap-14 md:py-20 lg:grid-cols-12 lg:gap-10">
        <section aria-label="About the studio" className="text-ivory lg:col-span-4">
          <Logo />
          <ul className="mt-6 space-y-2 font-display text-xl text-ivory/85 md:mt-8 md:space-y-3">
            {taglines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-contact" className="lg:col-span-3">
          <h2 id="footer-contact" className="footer-heading">
            Contact Info
          </h2>
          <ul className="mt-4 md:mt-6">
            <li>
              <a href={telHref(site.phone)} className="footer-link inline-flex min-h-11 items-center gap-3">
                <Phone aria-hidden="true" className="size-4 text-brass-300" />
                {site.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className="footer-link inline-flex min-h-11 items-center gap-3 break-all">
                <Mail aria-hidden="true" className="size-4 shrink-0 text-brass-300" />
                {site.email}
              </a>
            </li>
            {whatsapp && (
              <li>
                <NewTabLink href={whatsapp} className="footer-link inline-flex min-h-11 items-center gap-3">
                  <MessageCircle aria-hidden="true" className="size-4 text-brass-300" />
                  Chat on WhatsApp
                </NewTabLink>
              </li>
            )}
          </ul>
          <ul className="mt-4 flex flex-wrap gap-x-6 text-sm tracking-wide md:mt-6">
            {socialLinks.map(({ label, href }) => (
              <li key={label}>
                <NewTabLink href={href} className="footer-link inline-flex min-h-11 items-center">
                  {label}
                </NewTabLink>
              </li>
            ))}
          </ul>
        </section>

        <p className="flex items-center gap-4 border-t border-ivory/10 pt-8 md:hidden">
          <Picture
            src={founderPhoto.src}
            alt=""
            sizes="56px"
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-full object-cover"
          />
          <span className="text-sm leading-relaxed">
            <Link to={founderPath} className="tap-inline font-display text-xl text-ivory hover:text-brass-300">
              {founder.name}
            </Link>
            <br />
            Founder & principal designer · {experience} experience
          </span>
        </p>

        <figure className="relative hidden h-[500px] overflow-hidden rounded-sm bg-charcoal-800 md:block lg:col-span-5">
          <Picture
            src={founderPhoto.src}
            alt={altOf(founderPhoto)}
            sizes="(min-width: 1024px) 40vw, 100vw"
            width={600}
            height={500}
            className="size-full object-cover"
          />
          <figcaption className="absolute bottom-6 left-6">
            <ExperienceBadge />
          </figcaption>
        </figure>

        <section aria-labelledby="footer-projects" className="hidden md:block lg:col-span-12">
          <h2 id="footer-projects" className="footer-heading">
            Projects
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-3">
            {footerProjects.map((project) => (
              <li key={project.slug}>
                <Link to={projectPath(project.slug)} className="group block">
                  <div className="aspect-[4/3] overflow-hidden rounded-sm bg-charcoal-800">
                    <Picture
                      src={project.coverUrl}
                      alt={coverAlt(project)}
                      sizes="(min-width: 640px) 33vw, 100vw"
                      width={480}
                      height={360}
                      className="size-full object-cover transition duration-500 group-hover:scale-105"
                    />
                  </div>
                  <p className="mt-3 font-display text-xl text-ivory">
                    {project.title} - {project.category}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-ivory/10">
        <p className="container-page py-6 text-sm text-ivory/70">
          © {years(copyrightYear)} {site.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** The copyright's years: from the owner's first year to this year by the clock ("2024–2026"). */
export function years(first: number, now = new Date()): string {
  const year = now.getFullYear();
  return first < year ? `${first}–${year}` : String(year);
}
