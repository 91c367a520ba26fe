import { Link } from '@tanstack/react-router';
import { mediaUrl } from '../../../shared/media';
import styles from './firm-header.module.css';

/** The firm header of event and blog pages: small round image and name, linking to /{username}. */
export function FirmHeader({ username, name, imagePath }: { username: string; name: string; imagePath: string | null }) {
  return (
    <Link to="/$username" params={{ username }} className={styles.firmHeader}>
      <span className={styles.firmAvatar} aria-hidden="true">
        {imagePath ? <img src={mediaUrl(imagePath, 'small')} alt="" width={36} height={36} /> : name.slice(0, 1)}
      </span>
      <span>{name}</span>
    </Link>
  );
}
