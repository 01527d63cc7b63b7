import type { ArticleBlock, ArticleImage } from '../../lib/journal';
import { Picture } from '../ui/Picture';
import { plainText, RichText } from '../ui/RichText';
import { usePhotoViewer, type ViewerLinkProps } from '../viewer/usePhotoViewer';
import { BeforeAfter } from './BeforeAfter';

/** How wide a photo of the body is drawn: the text column, wider on large screens. */
export const BODY_SIZES = '(min-width: 896px) 896px, 100vw';
const HALF_SIZES = '(min-width: 896px) 448px, 100vw';

/** The photos of a body the full-screen viewer pages through, in reading order, each with the
 * index its block's photos start at (a before/after pair is a slider, not in the viewer). */
function viewerPhotos(blocks: ArticleBlock[]) {
  const photos: ArticleImage[] = [];
  const starts = blocks.map((block) => {
    const start = photos.length;
    if (block.type === 'image') photos.push(block);
    if (block.type === 'pair') photos.push(...block.images);
    return start;
  });
  return { photos, starts };
}

type LinkOf = (index: number) => ViewerLinkProps;

/** An article's body, block by block, from data: never HTML. Its photos open full screen. */
export function ArticleBody({ blocks }: { blocks: ArticleBlock[] }) {
  const { photos, starts } = viewerPhotos(blocks);
  const { linkProps, viewer } = usePhotoViewer(
    photos.map((image) => ({ url: image.url, alt: image.alt, caption: image.caption && plainText(image.caption) })),
  );
  return (
    <div className="article-body space-y-6 text-lg leading-relaxed text-stone-700">
      {blocks.map((block, i) => (
        <Block key={i} block={block} link={(n) => linkProps((starts[i] ?? 0) + n)} />
      ))}
      {viewer}
    </div>
  );
}

function Block({ block, link }: { block: ArticleBlock; link: LinkOf }) {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? (
        <h2 className="pt-6 font-display text-3xl leading-tight text-charcoal">{block.text}</h2>
      ) : (
        <h3 className="pt-4 font-display text-2xl leading-tight text-charcoal">{block.text}</h3>
      );
    case 'paragraph':
      return (
        <p>
          <RichText text={block.text} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <RichText text={item} />
        </li>
      ));
      return block.ordered ? (
        <ol className="list-decimal space-y-2 pl-6">{items}</ol>
      ) : (
        <ul className="list-disc space-y-2 pl-6">{items}</ul>
      );
    }
    case 'quote':
      return (
        <figure className="border-l-2 border-brass-500 pl-5">
          <blockquote className="font-display text-2xl leading-snug text-charcoal">
            <RichText text={block.text} />
          </blockquote>
          {block.cite && <figcaption className="mt-3 text-sm tracking-wide text-stone-600">{block.cite}</figcaption>}
        </figure>
      );
    case 'image':
      return <Photo image={block} sizes={BODY_SIZES} link={link(0)} />;
    case 'pair':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {block.images.map((image, i) => (
            <Photo key={i} image={image} sizes={HALF_SIZES} link={link(i)} />
          ))}
        </div>
      );
    case 'beforeAfter':
      return <BeforeAfter before={block.before} after={block.after} caption={block.caption} />;
  }
}

function Photo({ image, sizes, link }: { image: ArticleImage; sizes: string; link: ViewerLinkProps }) {
  return (
    <figure>
      {/* Without JavaScript, a link to the photo's largest size; with it, the full-screen viewer. */}
      <a {...link} className="block cursor-zoom-in">
        <Picture src={image.url} alt={image.alt} sizes={sizes} width={1600} height={1067} className="w-full rounded-sm bg-sand-200" />
      </a>
      {image.caption && (
        <figcaption className="mt-2 text-sm text-stone-600">
          <RichText text={image.caption} />
        </figcaption>
      )}
    </figure>
  );
}
