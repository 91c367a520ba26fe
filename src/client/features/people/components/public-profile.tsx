import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Lock, Users } from 'lucide-react';
import { mediaUrl } from '../../../../shared/media';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { NotFoundPage } from '../../../components/layout/not-found-page';
import { profileQuery } from '../api/get-profile';
import card from '../../../components/ui/card.module.css';
import styles from './people.module.css';

/** `/profile/{flip}`: name, picture and friend count; a private profile shows name and picture only. */
export function PublicProfile({ flip }: { flip: string }) {
  const { t } = useTranslation('saved');
  const f = useFormatters();
  const { data: profile } = useSuspenseQuery(profileQuery(flip));
  usePageTitle(profile ? `${profile.firstName} ${profile.lastName}` : undefined);
  if (!profile) return <NotFoundPage />;
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <section className={styles.page}>
      <div className={`${card.surface} ${styles.card}`} data-testid="public-profile">
        <span className={styles.avatar} aria-hidden="true">
          {profile.imagePath ? <img src={mediaUrl(profile.imagePath, 'medium')} alt="" width={112} height={112} /> : name.slice(0, 1)}
        </span>
        <h1 className={styles.name}>{name}</h1>
        <p className={styles.flip}>@{profile.flip}</p>
        {profile.isPrivate && (
          <span className={styles.badge}>
            <Lock size={14} aria-hidden="true" /> {t('profile.private')}
          </span>
        )}
        {profile.totalFriends !== null ? (
          <p className={styles.stat}>
            <Users size={18} aria-hidden="true" /> {t('profile.friends', { count: profile.totalFriends })}
          </p>
        ) : (
          <p className={styles.muted}>{t('profile.privateHint')}</p>
        )}
        {profile.memberSince && <p className={styles.muted}>{t('profile.memberSince', { date: f.date(profile.memberSince, 'medium') })}</p>}
        {profile.friendship === 'friends' && <span className={styles.badge}>{t('profile.isFriend')}</span>}
      </div>
    </section>
  );
}
