import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  Accessibility,
  ArrowRight,
  BadgeCheck,
  Code,
  Cpu,
  HandHeart,
  Image,
  Leaf,
  Lock,
  Mail,
  Newspaper,
  ShoppingBag,
  Ticket,
  UtensilsCrossed,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { CAREERS_EMAIL } from '../../../../../shared/limits';
import { asList } from '../../../../lib/translated';
import { TextWithEmail } from '../text-with-email';
import shared from '../../../../components/content/content-page.module.css';
import styles from './about.module.css';

interface Titled {
  title: string;
  text: string;
}

const SECTOR_ICONS: LucideIcon[] = [UtensilsCrossed, ShoppingBag, Cpu, Ticket, Wrench];
const ETHICS_ICONS: LucideIcon[] = [Lock, HandHeart, BadgeCheck, Accessibility, Leaf];

export function OverviewPanel() {
  const { t } = useTranslation('pages');
  const paragraphs = asList<string>(t('about.overview.paragraphs', { returnObjects: true }));
  const sectors = asList<Titled>(t('about.overview.sectors', { returnObjects: true }));
  const facts = asList<{ value: string; label: string }>(t('about.overview.facts', { returnObjects: true }));
  return (
    <>
      <h2 className={styles.panelTitle}>{t('about.overview.heading')}</h2>
      <div className={shared.prose}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <h3 className={styles.subTitle}>{t('about.overview.factsHeading')}</h3>
      <dl className={styles.facts}>
        {facts.map((fact) => (
          <div key={fact.label} className={styles.fact}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.subTitle}>{t('about.overview.sectorsHeading')}</h3>
      <ul className={styles.tiles}>
        {sectors.map((sector, index) => {
          const Icon = SECTOR_ICONS[index % SECTOR_ICONS.length];
          return (
            <li key={sector.title} className={styles.tile}>
              <span className={shared.iconBadge}>
                <Icon size={20} aria-hidden="true" />
              </span>
              <div>
                <h4>{sector.title}</h4>
                <p>{sector.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function EthicsPanel() {
  const { t } = useTranslation('pages');
  const items = asList<Titled>(t('about.ethics.items', { returnObjects: true }));
  return (
    <>
      <h2 className={styles.panelTitle}>{t('about.ethics.heading')}</h2>
      <p className={`${shared.prose} ${shared.muted}`}>{t('about.ethics.intro')}</p>
      <ul className={styles.principles}>
        {items.map((item, index) => {
          const Icon = ETHICS_ICONS[index % ETHICS_ICONS.length];
          return (
            <li key={item.title} className={styles.tile}>
              <span className={shared.iconBadge}>
                <Icon size={20} aria-hidden="true" />
              </span>
              <div>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function CareersPanel() {
  const { t } = useTranslation('pages');
  const paragraphs = asList<string>(t('about.careers.paragraphs', { returnObjects: true }));
  return (
    <>
      <h2 className={styles.panelTitle}>{t('about.careers.heading')}</h2>
      <div className={shared.prose}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <div className={`${shared.card} ${styles.callout}`}>
        <span className={shared.iconBadge}>
          <Mail size={20} aria-hidden="true" />
        </span>
        <p>
          <TextWithEmail text={t('about.careers.contact', { email: CAREERS_EMAIL })} email={CAREERS_EMAIL} />
        </p>
        <a className={shared.button} href={`mailto:${CAREERS_EMAIL}`}>
          {t('about.careers.emailCta')}
        </a>
      </div>
    </>
  );
}

export function NewsPanel() {
  const { t } = useTranslation('pages');
  return (
    <>
      <h2 className={styles.panelTitle}>{t('about.news.heading')}</h2>
      <p className={`${shared.prose} ${shared.muted}`}>{t('about.news.text')}</p>
      <Link to="/news" className={`${shared.card} ${styles.linkCard}`}>
        <span className={shared.iconBadge}>
          <Newspaper size={20} aria-hidden="true" />
        </span>
        <span className={styles.linkCardText}>{t('about.news.link')}</span>
        <ArrowRight size={20} aria-hidden="true" className={shared.flip} />
      </Link>
    </>
  );
}

export function CreditsPanel() {
  const { t } = useTranslation('pages');
  return (
    <>
      <h2 className={styles.panelTitle}>{t('about.credits.heading')}</h2>
      <p className={`${shared.prose} ${shared.muted}`}>{t('about.credits.text')}</p>
      <ul className={styles.linkCards}>
        <li>
          <Link to="/about/credits-app-resources" className={`${shared.card} ${styles.linkCard}`}>
            <span className={shared.iconBadge}>
              <Image size={20} aria-hidden="true" />
            </span>
            <span className={styles.linkCardText}>
              <strong>{t('about.credits.resources')}</strong>
              <span className={shared.muted}>{t('about.credits.resourcesText')}</span>
            </span>
            <ArrowRight size={20} aria-hidden="true" className={shared.flip} />
          </Link>
        </li>
        <li>
          <Link to="/about/credits-app-open-source" className={`${shared.card} ${styles.linkCard}`}>
            <span className={shared.iconBadge}>
              <Code size={20} aria-hidden="true" />
            </span>
            <span className={styles.linkCardText}>
              <strong>{t('about.credits.openSource')}</strong>
              <span className={shared.muted}>{t('about.credits.openSourceText')}</span>
            </span>
            <ArrowRight size={20} aria-hidden="true" className={shared.flip} />
          </Link>
        </li>
      </ul>
    </>
  );
}
