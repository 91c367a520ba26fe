import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, CalendarDays, Check, Clock, QrCode, Ticket, UtensilsCrossed, WifiOff, type LucideIcon } from 'lucide-react';
import { usePageTitle } from '../../../lib/page-head';
import { asList } from '../../../lib/translated';
import { HydrateWhenVisible } from '../../../components/layout/hydrate-when-visible';
import { DecorativeQr } from './decorative-qr';
import { intlLocale } from '../../../lib/format-date';
import { useLandingHeadline } from '../hooks/use-landing-headline';
import shared from '../../../components/content/content-page.module.css';
import styles from './landing.module.css';

const FEATURE_ICONS: Record<string, LucideIcon> = {
  qr: QrCode,
  menu: UtensilsCrossed,
  ticket: Ticket,
  offline: WifiOff,
};

interface Feature {
  icon: string;
  title: string;
  text: string;
}
interface Step {
  title: string;
  text: string;
}
interface MenuItem {
  name: string;
  price: number;
}

export function MarketingLanding({ headlineSeed }: { headlineSeed?: number }) {
  const { t, i18n } = useTranslation('landing');
  const headline = useLandingHeadline(headlineSeed);
  usePageTitle(t('meta.title'), t('meta.description'));

  const features = asList<Feature>(t('features.items', { returnObjects: true }));
  const steps = asList<Step>(t('steps.items', { returnObjects: true }));
  const trust = asList<string>(t('trust', { returnObjects: true }));

  return (
    <div className={styles.landing}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={shared.eyebrow}>{t('eyebrow')}</p>
            <h1 id="landing-title" className={styles.heroTitle}>
              {headline?.title ?? 'Souk'}
            </h1>
            {headline ? <p className={styles.heroSubtitle}>{headline.subtitle}</p> : null}
            <div className={shared.actions}>
              <Link to="/explore" className={shared.button}>
                {t('explore')}
                <ArrowRight size={18} aria-hidden="true" className={shared.flip} />
              </Link>
              <a href="#how-it-works" className={shared.buttonSecondary}>
                {t('howItWorks')}
              </a>
            </div>
            {trust.length > 0 ? (
              <ul className={styles.trust}>
                {trust.map((item) => (
                  <li key={item}>
                    <Check size={16} aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {/* below the first screen on a phone: live when seen (its first price format loads the ICU data, ~150 ms at 4x CPU) */}
          <HydrateWhenVisible anchorId="landing-preview">
            <HeroPreview language={i18n.resolvedLanguage ?? i18n.language} />
          </HydrateWhenVisible>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="landing-features">
        <div className={styles.sectionHead}>
          <h2 id="landing-features" className={styles.sectionTitle}>
            {t('features.heading')}
          </h2>
          <p className={styles.sectionIntro}>{t('features.intro')}</p>
        </div>
        <HydrateWhenVisible anchorId="landing-features">
          <ul className={styles.features}>
            {features.map((feature) => {
              const Icon = FEATURE_ICONS[feature.icon] ?? QrCode;
              return (
                <li key={feature.title} className={styles.feature}>
                  <span className={shared.iconBadge}>
                    <Icon size={22} aria-hidden="true" />
                  </span>
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </li>
              );
            })}
          </ul>
        </HydrateWhenVisible>
      </section>

      <section id="how-it-works" className={styles.section} aria-labelledby="landing-steps">
        <div className={styles.sectionHead}>
          <h2 id="landing-steps" className={styles.sectionTitle}>
            {t('steps.heading')}
          </h2>
        </div>
        <HydrateWhenVisible anchorId="how-it-works">
          <ol className={styles.steps}>
            {steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </HydrateWhenVisible>
      </section>

      <section className={styles.section} aria-labelledby="landing-business">
        <HydrateWhenVisible anchorId="landing-business">
          <div className={styles.business}>
            <div>
              <h2 id="landing-business">{t('business.heading')}</h2>
              <p>{t('business.text')}</p>
            </div>
            <div className={shared.actions}>
              <Link to="/faq" className={styles.businessPrimary}>
                {t('business.faq')}
              </Link>
              <Link to="/about" className={styles.businessSecondary}>
                {t('business.about')}
              </Link>
            </div>
          </div>
        </HydrateWhenVisible>
      </section>
    </div>
  );
}

/** The illustration: what a business page looks like on a phone, with its QR code. */
function HeroPreview({ language }: { language: string }) {
  const { t } = useTranslation('landing');
  const items = asList<MenuItem>(t('preview.items', { returnObjects: true }));
  const price = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'MAD', maximumFractionDigits: 0 });
  return (
    <figure id="landing-preview" className={styles.preview} aria-label={t('preview.label')}>
      <div className={styles.phone}>
        <div className={styles.cover} aria-hidden="true" />
        <div className={styles.firm}>
          <span className={styles.avatar} aria-hidden="true">
            {t('preview.firm').charAt(0)}
          </span>
          <div>
            <p className={styles.firmName}>{t('preview.firm')}</p>
            <p className={styles.firmMeta}>{t('preview.category')}</p>
          </div>
          <span className={styles.openPill}>
            <Clock size={12} aria-hidden="true" />
            {t('preview.open')}
          </span>
        </div>
        <p className={styles.menuLabel}>{t('preview.menu')}</p>
        <ul className={styles.menu}>
          {items.map((item) => (
            <li key={item.name}>
              <span>{item.name}</span>
              <span className={styles.price}>{price.format(item.price / 100)}</span>
            </li>
          ))}
        </ul>
        <div className={styles.eventRow}>
          <span className={styles.eventIcon} aria-hidden="true">
            <CalendarDays size={18} />
          </span>
          <div>
            <p className={styles.firmName}>{t('preview.event')}</p>
            <p className={styles.firmMeta}>{t('preview.eventWhen')}</p>
          </div>
          <span className={styles.ticketPill}>
            <Ticket size={12} aria-hidden="true" />
            {t('preview.tickets')}
          </span>
        </div>
      </div>
      <figcaption className={styles.qrCard}>
        <DecorativeQr className={styles.qr} />
        <span>{t('preview.scan')}</span>
      </figcaption>
    </figure>
  );
}
