import { useTranslation } from 'react-i18next';
import styles from './menus.module.css';

/** An item's dietary tags, and its allergens ("contains …") marked as warnings. */
export function TagList({ tags }: { tags: string[] }) {
  const { t } = useTranslation('workspace-catalogue');
  if (tags.length === 0) return null;
  return (
    <ul className={styles.tags}>
      {tags.map((tag) => (
        <li key={tag} className={tag.startsWith('contains-') ? styles.allergen : styles.tag}>
          {t(`tags.${tag}`)}
        </li>
      ))}
    </ul>
  );
}
