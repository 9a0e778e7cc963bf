// The editorial blocks of the home page: the featured block and the universe blocks, whose size
// (full, half, small1, small2) sets their place in a responsive grid.
import type { UniverseBlock as Block } from "../../api/queries/catalog.ts";
import { AppLink } from "../../app/app-link.tsx";
import { useLocaliseLink } from "../../ui/localise-link.ts";

/** Intrinsic picture size of each block size (the pictures are cropped to it). */
const PICTURE_SIZES: Record<Block["size"], { width: number; height: number }> = {
  full: { width: 1200, height: 400 },
  half: { width: 600, height: 400 },
  small1: { width: 400, height: 400 },
  small2: { width: 400, height: 400 },
};

export function UniverseBlock({ block, headingLevel, eager = false }: { block: Block; headingLevel: 2 | 3; eager?: boolean }) {
  const localise = useLocaliseLink();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`universe universe--${block.size}`}>
      <img
        className="universe__picture"
        src={block.image.url}
        alt={block.image.alt}
        {...PICTURE_SIZES[block.size]}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="universe__body">
        <Heading className="universe__title">{block.title}</Heading>
        <p className="universe__description">{block.description}</p>
        <AppLink href={localise(block.link)} className="button universe__button">
          {block.buttonLabel}
        </AppLink>
      </div>
    </article>
  );
}

export function UniverseGrid({ blocks }: { blocks: readonly Block[] }) {
  return (
    <ul className="universe-grid">
      {blocks.map((block, index) => (
        <li key={`${block.link}-${index}`} className={`universe-grid__item universe-grid__item--${block.size}`}>
          <UniverseBlock block={block} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
