import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Flag, Lock, Pencil, Users } from 'lucide-react';
import type { PublicProfile as Profile } from '../../../../shared/people';
import { NotFoundPage } from '../../../components/layout/not-found-page';
import { buttonClass } from '../../../components/ui/button';
import { CardImage } from '../../../components/ui/card-image';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { profileQuery } from '../api/get-profile';
import { FriendActions } from './friend-actions';
import styles from './people.module.css';

/**
 * `/profile/{flip}`: a person's profile as the server lets the viewer see it, with the button for
 * the relation (Add friend, Requested, Accept/Decline, Friends ▾, Unblock). A private profile's
 * friends, saved places and plans are only in the answer for its friends.
 */
export function PublicProfile({ flip }: { flip: string }) {
  const { t } = useTranslation('people');
  const f = useFormatters();
  const { data: profile } = useSuspenseQuery(profileQuery(flip));
  usePageTitle(profile ? `${profile.firstName} ${profile.lastName}` : undefined);
  if (!profile) return <NotFoundPage />;
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const hidden = profile.friends === null;

  return (
    <section className={styles.profilePage} aria-labelledby="person-name">
      <div className={styles.profileCard} data-testid="public-profile" data-friendship={profile.friendship}>
        <PersonAvatar name={name} imagePath={profile.imagePath} size={104} />
        <div className={styles.profileText}>
          <h1 className={styles.name} id="person-name">
            {name}
          </h1>
          <p className={styles.flip}>@{profile.flip}</p>
          <p className={styles.facts}>
            {profile.isPrivate && (
              <span className={styles.badge}>
                <Lock size={14} aria-hidden="true" /> {t('private')}
              </span>
            )}
            {profile.totalFriends !== null && (
              <span className={styles.fact}>
                <Users size={16} aria-hidden="true" /> {t('friendCount', { count: profile.totalFriends })}
              </span>
            )}
            {profile.memberSince && (
              <span className={styles.fact}>{t('memberSince', { date: f.date(profile.memberSince, 'UTC', 'medium') })}</span>
            )}
          </p>
        </div>
        <div className={styles.profileActions}>
          {profile.friendship === 'self' ? (
            <Link to="/profile/edit" className={buttonClass({ variant: 'secondary' })}>
              <Pencil size={18} aria-hidden="true" />
              {t('editProfile')}
            </Link>
          ) : (
            <>
              <FriendActions person={{ id: profile.id, name, friendship: profile.friendship, canRequest: profile.canRequest }} withBlock />
              <Link
                to="/profile/help/report"
                search={{ type: 'user', id: profile.id, name }}
                className={buttonClass({ variant: 'ghost', size: 'small' })}
                data-testid="report-person"
              >
                <Flag size={16} aria-hidden="true" />
                {t('report')}
              </Link>
            </>
          )}
        </div>
      </div>

      {hidden ? (
        <div className={styles.hiddenNote} data-testid="profile-hidden">
          <Lock size={22} aria-hidden="true" />
          <p>{t('hiddenParts', { name: profile.firstName })}</p>
        </div>
      ) : (
        <ProfileParts profile={profile} />
      )}
    </section>
  );
}

function ProfileParts({ profile }: { profile: Profile }) {
  const { t } = useTranslation('people');
  const f = useFormatters();
  return (
    <div className={styles.parts}>
      <section className={styles.part} aria-labelledby="part-friends" data-testid="profile-friends">
        <h2 id="part-friends">{t('parts.friends')}</h2>
        {profile.friends && profile.friends.length > 0 ? (
          <ul className={styles.friendGrid}>
            {profile.friends.map((friend) => (
              <li key={friend.id}>
                <Link to="/profile/$flip" params={{ flip: friend.flip }} className={styles.friendTile}>
                  <PersonAvatar name={friend.name} imagePath={friend.imagePath} size={56} />
                  <span>{friend.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('parts.noFriends')}</p>
        )}
      </section>

      <section className={styles.part} aria-labelledby="part-events" data-testid="profile-events">
        <h2 id="part-events">{t('parts.events')}</h2>
        {profile.upcomingEvents && profile.upcomingEvents.length > 0 ? (
          <ul className={styles.eventList}>
            {profile.upcomingEvents.map((event) => (
              <li key={event.shortId}>
                <Link to="/event/$shortId" params={{ shortId: event.shortId }} className={styles.eventRow}>
                  <span className={styles.eventImage}>
                    <CardImage image={event} aspect="1 / 1" sizes="64px" size="small" />
                  </span>
                  <span className={styles.whoText}>
                    <span className={styles.whoName}>{event.name}</span>
                    <span className={styles.whoMeta}>
                      <CalendarDays size={14} aria-hidden="true" /> {f.dateTime(event.startDateTime, event.timezone)} · {event.firmName}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('parts.noEvents')}</p>
        )}
      </section>

      <section className={styles.part} aria-labelledby="part-saved" data-testid="profile-saved">
        <h2 id="part-saved">{t('parts.saved')}</h2>
        {profile.saved && profile.saved.length > 0 ? (
          <ul className={styles.savedGrid}>
            {profile.saved.map((item) => (
              <li key={item.id}>
                <Link to={(item.path ?? '/explore') as '/'} className={styles.savedTile}>
                  <CardImage image={item} aspect="4 / 3" sizes="(min-width: 640px) 180px, 45vw" size="small" />
                  <span className={styles.savedName}>{item.name}</span>
                  {item.subtitle && <span className={styles.whoMeta}>{item.subtitle}</span>}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('parts.noSaved')}</p>
        )}
      </section>
    </div>
  );
}
