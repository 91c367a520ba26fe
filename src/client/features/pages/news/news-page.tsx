import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '../page-header';
import { usePageMeta } from '../use-page-meta';
import { asList } from '../translated';
import { formatCalendarDate } from '../format-date';
import shared from '../pages.module.css';
import styles from './news.module.css';

interface NewsItem {
  date: string;
  tag: string;
  title: string;
  text: string;
}

export function NewsPage() {
  const { t, i18n } = useTranslation('pages');
  usePageMeta(t('news.meta.title'), t('news.meta.description'));
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
