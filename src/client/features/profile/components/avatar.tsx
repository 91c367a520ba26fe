import { mediaUrl } from '../../../../shared/media';
import type { SessionUser } from '../../../../shared/user';
import styles from './profile.module.css';

export function ProfileAvatar({ user, src }: { user: SessionUser; src?: string }) {
  const image = src ?? (user.imagePath ? mediaUrl(user.imagePath, 'small') : undefined);
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <span className={styles.avatar}>
      {image ? <img src={image} alt="" width={80} height={80} /> : <span aria-hidden="true">{initials}</span>}
    </span>
  );
}
