import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Hourglass, ImageOff } from 'lucide-react';
import { mediaSrcSet, mediaUrl, type ImageSize } from '../../../shared/media';
import { useNetworkStore } from '../../lib/network-status';
import styles from './responsive-image.module.css';

export interface ResponsiveImageProps {
  /** media id (or a direct source) */
  path: string | null | undefined;
  alt: string;
  width?: number | null;
  height?: number | null;
  /** dominant colour shown while loading */
  color?: string | null;
  /** the largest rendition worth loading here (default medium) */
  size?: ImageSize;
  /** `sizes` attribute for the srcset */
  sizes?: string;
  /** the page's main image: load at once, high priority */
  priority?: boolean;
  /** fixed aspect ratio of the frame (e.g. '16 / 9'), cropping with object-fit: cover */
  aspect?: string;
  className?: string;
  rounded?: boolean;
}

/**
 * Image: small/medium/large renditions by srcset, lazy unless it is the main
 * image, width/height from the API so nothing shifts, an hourglass while loading, a broken-image
 * placeholder on error (the source is cleared), and only the small rendition in lite mode.
 */
export function ResponsiveImage({
  path,
  alt,
  width,
  height,
  color,
  size = 'medium',
  sizes = '100vw',
  priority = false,
  aspect,
  className,
  rounded = true,
}: ResponsiveImageProps) {
  const lite = useNetworkStore((state) => state.lite);
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>(path ? 'loading' : 'error');
  const ref = useRef<HTMLImageElement>(null);

  // A new picture starts loading again.
  const [shownPath, setShownPath] = useState(path);
  if (shownPath !== path) {
    setShownPath(path);
    setState(path ? 'loading' : 'error');
  }
  // A server-rendered image may have finished before hydration attached onLoad.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? 'loaded' : 'error');
  }, [path]);

  const ratio = aspect ?? (width && height ? `${width} / ${height}` : '4 / 3');
  const frameStyle: CSSProperties = { aspectRatio: ratio, backgroundColor: color ?? undefined };
  const classes = [styles.frame, rounded && styles.rounded, className].filter(Boolean).join(' ');

  let src: string | undefined;
  let srcSet: string | undefined;
  if (path && state !== 'error') {
    const direct = /^(https?:|data:|blob:|\/)/.test(path);
    if (direct) src = path;
    else if (lite) src = mediaUrl(path, 'small');
    else {
      src = mediaUrl(path, size);
      srcSet = mediaSrcSet(path, size, width);
    }
  }

  return (
    <span className={classes} style={frameStyle} data-state={state}>
      {src && (
        <img
          ref={ref}
          className={styles.img}
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={width ?? undefined}
          height={height ?? undefined}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
        />
      )}
      {state === 'loading' && (
        <span className={styles.status} aria-hidden="true">
          <Hourglass size={20} />
        </span>
      )}
      {state === 'error' && (
        <span className={styles.status} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
          <ImageOff size={24} aria-hidden="true" />
        </span>
      )}
    </span>
  );
}
