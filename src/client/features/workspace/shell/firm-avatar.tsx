import { Building2 } from 'lucide-react';
import { mediaUrl } from '../../../../shared/media';
import styles from './shell.module.css';

/** A firm's picture in a round frame, or the corporate-building placeholder (spec: Business list). */
export function FirmAvatar({ imagePath, color, size = 40 }: { imagePath: string | null; color?: string | null; size?: number }) {
  return (
    <span className={styles.avatar} style={{ inlineSize: size, blockSize: size, backgroundColor: color ?? undefined }} aria-hidden="true">
      {imagePath ? (
        <img src={mediaUrl(imagePath, 'small')} alt="" width={size} height={size} loading="lazy" decoding="async" />
      ) : (
        <Building2 size={Math.round(size * 0.55)} />
      )}
    </span>
  );
}
