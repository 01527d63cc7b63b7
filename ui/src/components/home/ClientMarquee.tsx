import type { ClientBrand } from '../../lib/pageTypes';
import { Picture } from '../ui/Picture';

/**
 * Two rows of client names drifting in opposite directions. Each row holds its names twice so the
 * loop is seamless; the copy is hidden from assistive technology. With reduced motion the rows
 * stand still and wrap instead.
 */
export function ClientMarquee({ rows }: { rows: ClientBrand[][] }) {
  return (
    <div className="space-y-6 [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)] motion-reduce:[mask-image:none]">
      {rows.map((row, r) => (
        <div key={r} className="group overflow-hidden" data-row={r}>
          <div
            className={`flex w-max group-hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:animate-none ${
              r % 2 === 0 ? 'marquee' : 'marquee-reverse'
            }`}
          >
            {[0, 1].map((copy) => (
              <ul
                key={copy}
                aria-hidden={copy === 1 ? 'true' : undefined}
                aria-label={copy === 0 ? `Clients, row ${r + 1}` : undefined}
                className={`flex shrink-0 items-center motion-reduce:w-full motion-reduce:flex-wrap motion-reduce:justify-center ${
                  copy === 1 ? 'motion-reduce:hidden' : ''
                }`}
              >
                {row.map((brand, i) => (
                  <li key={i} className="flex items-center px-6 py-2 sm:px-10">
                    {brand.logo.src ? (
                      // A logo stands for the name: its alt text is the brand's name.
                      <Picture
                        src={brand.logo.src}
                        alt={brand.logo.alt || brand.name}
                        sizes="160px"
                        width={160}
                        height={64}
                        className="h-12 w-auto max-w-40 object-contain sm:h-16"
                      />
                    ) : (
                    <span className="text-center leading-tight">
                      <span className="block font-display text-2xl whitespace-nowrap text-stone-600 sm:text-3xl">{brand.name}</span>
                      <span className="mt-1 block text-[0.625rem] font-semibold tracking-[0.3em] text-stone-600 uppercase">
                        {brand.kind}
                      </span>
                    </span>
                    )}
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
