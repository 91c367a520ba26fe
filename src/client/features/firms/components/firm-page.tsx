import { LegalLine } from '../../../components/content/legal-line';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Clock, Globe, Mail, MapPin, Phone } from 'lucide-react';
import type { FirmDetail } from '../../../../shared/firms';
import { mapUrl } from '../../../../shared/map-url';
import { usePageTitle } from '../../../lib/page-head';
import { FollowButton } from './follow-button';
import { BookLink, MessageButton } from './message-button';
import { OpeningHours } from './opening-hours';
import { ShareMenu } from './share-menu';
import card from '../../../components/ui/card.module.css';
import { ZoomImage } from '../../../components/ui/zoom-image';
import { HydrateWhenVisible } from '../../../components/layout/hydrate-when-visible';
import { HERO_SIZES } from '../../../components/ui/hero-sizes';
import { useCurrentSection } from '../hooks/use-current-section';
import styles from './firm.module.css';

export interface FirmSection {
  id: 'menu' | 'shop' | 'events' | 'blog' | 'reviews';
  content: ReactNode;
}

export interface FirmPageProps {
  firm: FirmDetail;
  categoryName?: string;
  /** the saved toggle (from the saved feature) */
  saveSlot?: ReactNode;
  sections: FirmSection[];
  publicUrl: string;
}

/** Public firm page: identity, hours, address, contact, then its sections. */
export function FirmPage({ firm, categoryName, saveSlot, sections, publicUrl }: FirmPageProps) {
  const { t } = useTranslation('firm');
  usePageTitle(firm.name);
  const map = mapUrl(firm);
  const address = [firm.addressLine, firm.city, firm.country].filter(Boolean).join(', ');
  const present = sections.filter((section) => section.content);

  return (
    <article className={styles.page} data-testid="firm-page">
      <header className={styles.hero}>
        {firm.imagePath ? (
          <ZoomImage
            image={firm}
            alt={firm.name}
            label={t('openImage', { name: firm.name })}
            sizes={HERO_SIZES.firm}
            className={styles.cover}
          />
        ) : (
          <div className={styles.coverPlaceholder} aria-hidden="true">
            {firm.name.slice(0, 1)}
          </div>
        )}
        <div className={styles.identity}>
          <div className={styles.titleRow}>
            <div>
              <h1 dir="auto" className={styles.name}>
                {firm.name}
              </h1>
              <p className={styles.meta}>
                {categoryName && <span className={styles.category}>{categoryName}</span>}
                <span className={firm.openNow ? styles.open : styles.closed} suppressHydrationWarning>
                  <Clock size={14} aria-hidden="true" />
                  {firm.openNow ? t('openNow') : t('closedNow')}
                </span>
                {firm.city && <span className={styles.muted}>{firm.city}</span>}
                {firm.minAge > 0 && <span className={styles.age}>{t('minAge', { age: firm.minAge })}</span>}
              </p>
            </div>
          </div>
          <div className={styles.actions}>
            <FollowButton firmId={firm.id} initialFollowers={firm.followers} />
            {firm.takesBookings && <BookLink username={firm.username} name={firm.name} />}
            <MessageButton username={firm.username} name={firm.name} />
            {saveSlot}
            <ShareMenu username={firm.username} name={firm.name} url={`${publicUrl}/${firm.username}`} />
          </div>
        </div>
      </header>

      {present.length > 1 && <SectionBar ids={[...present.map((section) => section.id), 'info']} />}

      <div className={styles.layout}>
        <div className={styles.main}>
          {firm.description && (
            <p dir="auto" className={styles.description}>
              {firm.description}
            </p>
          )}
          {present.map((section) => (
            <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
                {t(`section.${section.id}`)}
              </h2>
              <HydrateWhenVisible anchorId={section.id}>{section.content}</HydrateWhenVisible>
            </section>
          ))}
        </div>

        <aside id="info" className={styles.info} aria-label={t('section.info')}>
          <HydrateWhenVisible anchorId="info">
            <div className={`${card.surface} ${styles.infoCard}`}>
              <h2 className={styles.infoTitle}>{t('openingHours')}</h2>
              {firm.openingHours.length ? (
                <OpeningHours hours={firm.openingHours} timeZone={firm.timezone} />
              ) : (
                <p className={styles.muted}>{t('noHours')}</p>
              )}
            </div>
            {(address || firm.phone || firm.email || firm.website) && (
              <div className={`${card.surface} ${styles.infoCard}`}>
                <h2 className={styles.infoTitle}>{t('contact')}</h2>
                <ul className={styles.contact}>
                  {address && (
                    <li>
                      <MapPin size={18} aria-hidden="true" />
                      <span>
                        <bdi>{address}</bdi>
                        {map && (
                          <>
                            <br />
                            <a href={map} target="_blank" rel="noopener noreferrer" data-testid="map-link">
                              {t('openMap')}
                            </a>
                          </>
                        )}
                      </span>
                    </li>
                  )}
                  {firm.phone && (
                    <li>
                      <Phone size={18} aria-hidden="true" />
                      <a href={`tel:${firm.phone.replace(/\s+/g, '')}`} dir="ltr">
                        {firm.phone}
                      </a>
                    </li>
                  )}
                  {firm.email && (
                    <li>
                      <Mail size={18} aria-hidden="true" />
                      <a href={`mailto:${firm.email}`} dir="ltr">
                        {firm.email}
                      </a>
                    </li>
                  )}
                  {firm.website && (
                    <li>
                      <Globe size={18} aria-hidden="true" />
                      <a href={firm.website} target="_blank" rel="noopener noreferrer" dir="ltr">
                        {firm.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                      </a>
                    </li>
                  )}
                </ul>
              </div>
            )}
            {firm.legal && <LegalLine legal={firm.legal} className={styles.infoCard} />}
          </HydrateWhenVisible>
        </aside>
      </div>
    </article>
  );
}

/** The bottom of the sticky chrome (header and section bar): where a section's heading must stay below. */
function stickyChromeBottom(bar: HTMLElement | null): number {
  return bar ? bar.getBoundingClientRect().bottom : 0;
}

/**
 * The section chips: sticky right under the header (never under it), the section being read
 * marked, and scrolled into view along the bar when the reader moves on.
 */
function SectionBar({ ids }: { ids: string[] }) {
  const { t } = useTranslation('firm');
  const bar = useRef<HTMLElement>(null);
  const current = useCurrentSection(ids, () => stickyChromeBottom(bar.current));
  useEffect(() => {
    const chip = current ? bar.current?.querySelector<HTMLElement>(`a[href="#${current}"]`) : null;
    if (!chip || !bar.current) return;
    const nav = bar.current;
    const start = chip.offsetLeft - nav.clientWidth / 2 + chip.clientWidth / 2;
    nav.scrollTo({ left: start, behavior: 'smooth' });
  }, [current]);
  return (
    <nav ref={bar} className={styles.sectionNav} aria-label={t('sections')} data-testid="section-bar">
      {ids.map((id) => (
        <a key={id} href={`#${id}`} className={styles.sectionLink} aria-current={current === id ? 'location' : undefined}>
          {t(`section.${id}`)}
        </a>
      ))}
    </nav>
  );
}
