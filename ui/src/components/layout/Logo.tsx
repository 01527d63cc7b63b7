import { Link } from 'react-router-dom';
import { useSite } from '../../lib/content';
import { Picture } from '../ui/Picture';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const site = useSite();
  return (
    <Link to="/" onClick={onNavigate} className="-my-0.5 flex shrink-0 items-center gap-3 rounded-sm py-0.5">
      {/* Decorative: the studio name beside it names the link. Cover + left: of the bundled wide
          logo only its round monogram shows, while a square upload fits whole. */}
      <Picture src={site.logo} alt="" sizes="40px" width={40} height={40} className="size-10 object-cover object-left" />
      <span className="font-display text-xl font-semibold tracking-wide sm:text-2xl">{site.studioName}</span>
    </Link>
  );
}
