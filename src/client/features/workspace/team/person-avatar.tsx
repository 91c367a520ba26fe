import { mediaUrl } from '../../../../shared/media';
import styles from './team.module.css';

/** A team member's picture, or their initials. */
export function PersonAvatar({
  person,
  size = 40,
}: {
  person: { firstName: string; lastName: string; imagePath: string | null };
  size?: number;
}) {
  const initials = `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase();
  return (
    <span className={styles.avatar} style={{ inlineSize: size, blockSize: size }} aria-hidden="true">
      {person.imagePath ? <img src={mediaUrl(person.imagePath, 'small')} alt="" width={size} height={size} loading="lazy" /> : initials}
    </span>
  );
}
