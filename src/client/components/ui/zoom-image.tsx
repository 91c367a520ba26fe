import { mediaUrl } from '../../../shared/media';
import { openImage } from '../../lib/image-modal-store';
import { ResponsiveImage } from './responsive-image';
import styles from './zoom-image.module.css';

export interface ZoomImageProps {
  image: { imagePath: string | null | undefined; imageWidth?: number | null; imageHeight?: number | null; imageColor?: string | null };
  /** the picture's alternative text, also the image modal's */
  alt: string;
  /** the button's accessible name */
  label: string;
  /** `sizes` attribute for the srcset */
  sizes: string;
  className?: string;
}

/** The main picture of a page (16:9, loaded at once): pressed, it opens large in the image modal; without a picture it is disabled. */
export function ZoomImage({ image, alt, label, sizes, className }: ZoomImageProps) {
  const path = image.imagePath;
  return (
    <button
      type="button"
      className={className ? `${styles.zoom} ${className}` : styles.zoom}
      onClick={() => path && openImage(mediaUrl(path, 'large'), alt)}
      aria-label={label}
      disabled={!path}
    >
      <ResponsiveImage
        path={path}
        alt={alt}
        width={image.imageWidth}
        height={image.imageHeight}
        color={image.imageColor}
        size="large"
        aspect="16 / 9"
        sizes={sizes}
        priority
      />
    </button>
  );
}
