import type { ImageSize } from '../../../shared/media';
import { ResponsiveImage } from './responsive-image';

/** The picture fields of an entity as the API gives them (src/shared/image-fields.ts). */
interface CardImageSource {
  imagePath: string | null | undefined;
  imageWidth?: number | null;
  imageHeight?: number | null;
  imageColor?: string | null;
}

/** `sizes` of a picture in the card grid (card.module.css `.grid`): three, two or one column. */
const CARD_GRID_SIZES = '(min-width: 1024px) 340px, (min-width: 640px) 50vw, 100vw';

interface CardImageProps {
  /** the entity (or its image fields) */
  image: CardImageSource;
  /** empty when the card's text already names the picture */
  alt?: string;
  /** the frame's aspect ratio; the picture is cropped to it */
  aspect?: string;
  sizes?: string;
  /** the largest rendition worth loading (default medium) */
  size?: ImageSize;
  /** the page's main picture: loaded at once, high priority */
  priority?: boolean;
}

/**
 * The picture on top of every card (blog, event, firm, featured, product): the entity's own image
 * fields in a fixed frame (nothing shifts as it loads), square corners (the card rounds and clips
 * them), lazy unless it is the page's main picture.
 */
export function CardImage({ image, alt = '', aspect = '16 / 10', sizes = CARD_GRID_SIZES, size, priority }: CardImageProps) {
  return (
    <ResponsiveImage
      path={image.imagePath}
      alt={alt}
      width={image.imageWidth}
      height={image.imageHeight}
      color={image.imageColor}
      aspect={aspect}
      sizes={sizes}
      size={size}
      priority={priority}
      rounded={false}
    />
  );
}
