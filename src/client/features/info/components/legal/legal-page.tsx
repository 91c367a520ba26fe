import { useEffect, useState } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowUp, Mail } from 'lucide-react';
import { LEGAL_DATES, MINIMUM_AGE, SUPPORT_EMAIL } from '../../../../../shared/limits';
import { PageHeader } from '../../../../components/content/page-header';
import { usePageTitle } from '../../../../lib/page-head';
import { asList } from '../../../../lib/translated';
import { formatCalendarDate } from '../../../../lib/format-date';
import { TextWithEmail } from '../text-with-email';
import shared from '../../../../components/content/content-page.module.css';
import styles from './legal.module.css';

export type LegalDocumentKey = keyof typeof LEGAL_DATES;

/** Privacy requests are typically answered within this many days. */
export const PRIVACY_RESPONSE_DAYS = 30;

const PATHS = { privacy: '/privacy', terms: '/terms', aup: '/aup' } as const;

type ListItem = string | { term: string; text: string };

interface LegalSection {
  id: string;
  heading: string;
  paragraphs?: string[];
  list?: ListItem[];
  closing?: string[];
  contact?: boolean;
}

/** Privacy policy, terms and acceptable use: one long-form layout with a table of contents. */
export function LegalPage({ document }: { document: LegalDocumentKey }) {
  const { t, i18n } = useTranslation('legal');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const values = { email: SUPPORT_EMAIL, minimumAge: MINIMUM_AGE, days: PRIVACY_RESPONSE_DAYS };
  usePageTitle(t(`${document}.meta.title`), t(`${document}.meta.description`));
  const hash = useLocation({ select: (location) => location.hash });
  // Only the hash the page opened with: later changes come from the contents links, which scroll by themselves.
  const [openingHash] = useState(hash);

  // A link straight to a section (/terms#liability): the sections exist only once the legal
  // texts have loaded, after the router's own hash scroll, so scroll to it here.
  useEffect(() => {
    if (!openingHash) return;
    const frame = requestAnimationFrame(() => window.document.getElementById(openingHash)?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [openingHash]);

  const intro = asList<string>(t(`${document}.intro`, { returnObjects: true, ...values }));
  const sections = asList<LegalSection>(t(`${document}.sections`, { returnObjects: true, ...values }));
  const date = LEGAL_DATES[document];
  const path = PATHS[document];
  const others = (Object.keys(PATHS) as LegalDocumentKey[]).filter((key) => key !== document);

  return (
    <div className={`${shared.page} ${styles.page}`}>
      <PageHeader eyebrow={t('common.eyebrow')} title={t(`${document}.title`)}>
        <p className={styles.updated}>
          <LastUpdated label={t('common.lastUpdated', { date: '\u0000' })} date={date} language={language} />
        </p>
      </PageHeader>

      <div className={styles.layout}>
        <nav className={styles.toc} aria-labelledby={`${document}-toc`}>
          <h2 id={`${document}-toc`} className={styles.tocTitle}>
            {t('common.contents')}
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <Link to={path} hash={section.id} hashScrollIntoView={{ behavior: 'smooth', block: 'start' }} resetScroll={false}>
                  {section.heading}
                </Link>
              </li>
            ))}
          </ol>
        </nav>

        <article className={`${shared.prose} ${styles.article}`}>
          {intro.map((paragraph) => (
            <p key={paragraph} className={styles.intro}>
              {paragraph}
            </p>
          ))}
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className={styles.section}>
              <h2 id={section.id} tabIndex={-1}>
                <span className={styles.number} aria-hidden="true">
                  {index + 1}.
                </span>{' '}
                {section.heading}
              </h2>
              {asList<string>(section.paragraphs).map((paragraph) => (
                <p key={paragraph}>
                  <TextWithEmail text={paragraph} email={SUPPORT_EMAIL} />
                </p>
              ))}
              {section.list ? (
                <ul>
                  {section.list.map((item) =>
                    typeof item === 'string' ? (
                      <li key={item}>{item}</li>
                    ) : (
                      <li key={item.term}>
                        <strong>{item.term}</strong> — {item.text}
                      </li>
                    ),
                  )}
                </ul>
              ) : null}
              {asList<string>(section.closing).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.contact ? (
                <a className={`${shared.buttonSecondary} ${styles.contact}`} href={`mailto:${SUPPORT_EMAIL}`}>
                  <Mail size={18} aria-hidden="true" />
                  {t('common.contact')}
                </a>
              ) : null}
            </section>
          ))}

          <footer className={styles.footer}>
            <h2 className={styles.relatedTitle}>{t('common.related')}</h2>
            <ul className={styles.related}>
              {others.map((key) => (
                <li key={key}>
                  <Link to={PATHS[key]}>{t(`${key}.title`)}</Link>
                </li>
              ))}
            </ul>
            <a href="#main" className={styles.top} onClick={scrollToTop}>
              <ArrowUp size={16} aria-hidden="true" />
              {t('common.backToTop')}
            </a>
          </footer>
        </article>
      </div>
    </div>
  );
}

function scrollToTop(event: React.MouseEvent) {
  event.preventDefault();
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

/** "Last updated {{date}}" with the date in a <time> element, in the reader's language. */
function LastUpdated({ label, date, language }: { label: string; date: string; language: string }) {
  const [before, after = ''] = label.split('\u0000');
  return (
    <>
      {before}
      <time dateTime={date}>{formatCalendarDate(date, language)}</time>
      {after}
    </>
  );
}
