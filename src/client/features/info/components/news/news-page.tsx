import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '../../../../components/content/page-header';
import { usePageTitle } from '../../../../lib/page-head';
import { asList } from '../../../../lib/translated';
import { formatCalendarDate } from '../../../../lib/format-date';
import shared from '../../../../components/content/content-page.module.css';
import styles from './news.module.css';

interface NewsItem {
  date: string;
  tag: string;
  title: string;
  text: string;
}

export function NewsPage() {
  const { t, i18n } = useTranslation('pages');
  usePageTitle(t('news.meta.title'), t('news.meta.description'));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const items = asList<NewsItem>(t('news.items', { returnObjects: true }))
    .slice()
    .sort((a, b) => b.date.localeCompare(a.date));
  return (
    <div className={shared.page}>
      <PageHeader eyebrow={t('news.eyebrow')} title={t('news.title')} lead={t('news.lead')} />
      <ol className={styles.timeline}>
        {items.map((item) => (
          <li key={item.date + item.title} className={styles.entry}>
            <article aria-labelledby={`news-${item.date}`}>
              <p className={styles.meta}>
                <time dateTime={item.date}>{formatCalendarDate(item.date, language)}</time>
                <span className={styles.tag}>{item.tag}</span>
              </p>
              <h2 id={`news-${item.date}`} className={styles.title}>
                {item.title}
              </h2>
              <p className={styles.text}>{item.text}</p>
            </article>
          </li>
        ))}
      </ol>
      <Link to="/about" className={shared.buttonGhost}>
        <ArrowLeft size={18} aria-hidden="true" className={shared.flip} />
        {t('news.back')}
      </Link>
    </div>
  );
}
