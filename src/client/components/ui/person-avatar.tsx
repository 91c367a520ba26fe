import { mediaUrl } from '../../../shared/media';
import styles from './person-avatar.module.css';

/**
 * A person's round picture (a firm's: a rounded square, as logos are drawn), or the initials on a colour of their own
 * when there is none. Decoration: every use sets the name beside it, so the picture has no text of its own.
 */
export function PersonAvatar({
  name,
  imagePath,
  size = 44,
  shape = 'round',
}: {
  name: string;
  imagePath: string | null | undefined;
  size?: number;
  shape?: 'round' | 'square';
}) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part.charAt(0))
      .join('')
      .toUpperCase() || '?';
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span
      className={`${styles.avatar} ${shape === 'square' ? styles.square : ''}`}
      style={{ inlineSize: size, blockSize: size, ['--avatar-hue' as string]: hue }}
      aria-hidden="true"
    >
      {imagePath ? (
        <img src={mediaUrl(imagePath, 'small')} alt="" width={size} height={size} loading="lazy" decoding="async" />
      ) : (
        <span style={{ fontSize: Math.round(size * 0.38) }}>{initials}</span>
      )}
    </span>
  );
}
