import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, CircleHelp, Info, LifeBuoy, Mail, Store } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../../../../shared/limits';
import { PageHeader } from '../../../../components/content/page-header';
import { usePageTitle } from '../../../../lib/page-head';
import { asList } from '../../../../lib/translated';
import { TextWithEmail } from '../text-with-email';
import shared from '../../../../components/content/content-page.module.css';
import styles from './help.module.css';

export function HelpPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('help.meta.title'), t('help.meta.description'));
  const tips = asList<string>(t('help.support.tips', { returnObjects: true }));
  return (
    <div className={shared.page}>
      <PageHeader eyebrow={t('help.eyebrow')} title={t('help.title')} lead={t('help.lead')} />

      <section className={`${shared.card} ${styles.block}`} aria-labelledby="help-business">
        <span className={shared.iconBadge}>
          <Store size={20} aria-hidden="true" />
        </span>
        <div className={styles.body}>
          <h2 id="help-business">{t('help.business.title')}</h2>
          <p>{t('help.business.text')}</p>
        </div>
      </section>

      <section className={`${shared.card} ${styles.block}`} aria-labelledby="help-support">
        <span className={shared.iconBadge}>
          <LifeBuoy size={20} aria-hidden="true" />
        </span>
        <div className={styles.body}>
          <h2 id="help-support">{t('help.support.title')}</h2>
          <p>
            <TextWithEmail text={t('help.support.text', { email: SUPPORT_EMAIL })} email={SUPPORT_EMAIL} />
          </p>
          <p className={styles.tipsHeading}>{t('help.support.tipsHeading')}</p>
          <ul className={styles.tips}>
            {tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <a className={shared.button} href={`mailto:${SUPPORT_EMAIL}`}>
            <Mail size={18} aria-hidden="true" />
            {t('help.support.cta')}
          </a>
        </div>
      </section>

      <div className={styles.links}>
        <Link to="/faq" className={`${shared.card} ${styles.linkCard}`}>
          <span className={shared.iconBadge}>
            <CircleHelp size={20} aria-hidden="true" />
          </span>
          <span className={styles.linkText}>
            <strong>{t('help.faq.title')}</strong>
            <span>{t('help.faq.text')}</span>
            <span className={styles.linkCta}>
              {t('help.faq.link')}
              <ArrowRight size={16} aria-hidden="true" className={shared.flip} />
            </span>
          </span>
        </Link>
        <Link to="/about" className={`${shared.card} ${styles.linkCard}`}>
          <span className={shared.iconBadge}>
            <Info size={20} aria-hidden="true" />
          </span>
          <span className={styles.linkText}>
            <strong>{t('help.about.title')}</strong>
            <span>{t('help.about.text')}</span>
            <span className={styles.linkCta}>
              {t('help.about.link')}
              <ArrowRight size={16} aria-hidden="true" className={shared.flip} />
            </span>
          </span>
        </Link>
      </div>
    </div>
  );
}
