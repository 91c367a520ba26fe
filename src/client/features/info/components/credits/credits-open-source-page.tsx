import { useTranslation } from 'react-i18next';
import { ExternalLink, Flag, Heart } from 'lucide-react';
import { PageHeader } from '../../../../components/content/page-header';
import { usePageTitle } from '../../../../lib/page-head';
import { asList } from '../../../../lib/translated';
import { BackToCredits } from './credits-resources-page';
import shared from '../../../../components/content/content-page.module.css';
import styles from './credits.module.css';

const FLAG_ICONS_URL = 'https://github.com/lipis/flag-icons';

export function CreditsOpenSourcePage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('credits.openSource.meta.title'), t('credits.openSource.meta.description'));
  const libraries = asList<{ name: string; text: string }>(t('credits.openSource.libraries', { returnObjects: true }));
  return (
    <div className={shared.page}>
      <BackToCredits />
      <PageHeader eyebrow={t('about.tabs.credits')} title={t('credits.openSource.title')} />
      <div className={`${shared.card} ${styles.thanks}`}>
        <Heart size={22} aria-hidden="true" />
        <p>{t('credits.openSource.intro')}</p>
      </div>

      <h2 className={styles.heading}>{t('credits.openSource.resourcesHeading')}</h2>
      <ul className={styles.list}>
        <li className={styles.item}>
          <span className={shared.iconBadge}>
            <Flag size={20} aria-hidden="true" />
          </span>
          <div className={styles.itemBody}>
            <h3>
              <a href={FLAG_ICONS_URL} target="_blank" rel="noopener noreferrer" dir="ltr">
                {t('credits.openSource.flags.name')}
                <ExternalLink size={14} aria-hidden="true" />
              </a>
            </h3>
            <p className={shared.muted}>{t('credits.openSource.flags.author')}</p>
            <p>{t('credits.openSource.flags.text')}</p>
            <p className={styles.license}>
              {t('credits.openSource.licenseLabel')}: <span dir="ltr">{t('credits.openSource.flags.license')}</span>
            </p>
          </div>
        </li>
      </ul>

      <h2 className={styles.heading}>{t('credits.openSource.librariesHeading')}</h2>
      <ul className={styles.libraries}>
        {libraries.map((library) => (
          <li key={library.name}>
            <strong dir="ltr">{library.name}</strong>
            <span className={shared.muted}>{library.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
