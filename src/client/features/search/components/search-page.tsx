import { Link, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import type { SearchHit } from '../../../../shared/search';
import type { SearchType } from '../../../../shared/search-kinds';
import { CardImage } from '../../../components/ui/card-image';
import { Paginator } from '../../../components/ui/paginator';
import { buttonClass } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { searchPageQuery, searchQuery } from '../api/search';
import styles from './search.module.css';

/**
 * `/search`: a plain GET form (it works before the scripts arrive), then the results grouped by
 * kind with "all N" per kind, or one kind page by page; a page past the end says so.
 */
export function SearchPage({ q, type, page }: { q: string; type?: SearchType; page: number }) {
  const { t } = useTranslation('search');
  usePageTitle(q ? t('titleFor', { q }) : t('title'));
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <form method="get" action="/search" role="search" className={styles.form}>
        <label htmlFor="search-q" className="visually-hidden">
          {t('label')}
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t('placeholder')}
          className={styles.input}
          maxLength={100}
        />
        {type && <input type="hidden" name="type" value={type} />}
        <button type="submit" className={buttonClass({ variant: 'primary' })}>
          <Search size={18} aria-hidden="true" />
          {t('submit')}
        </button>
      </form>
      {q ? type ? <TypeResults q={q} type={type} page={page} /> : <Grouped q={q} /> : <p className={styles.hint}>{t('hint')}</p>}
    </section>
  );
}

function Grouped({ q }: { q: string }) {
  const { t } = useTranslation('search');
  const { data } = useSuspenseQuery(searchQuery(q));
  const groups = data.groups.filter((group) => group.total > 0);
  if (groups.length === 0) return <p className={styles.hint}>{t('nothing', { q })}</p>;
  return (
    <div className={styles.groups} data-testid="search-results">
      {groups.map((group) => (
        <section key={group.type} aria-labelledby={`group-${group.type}`} className={styles.group}>
          <div className={styles.groupHead}>
            <h2 id={`group-${group.type}`} className={styles.groupTitle}>
              {t(`type.${group.type}`)} <span className={styles.count}>{group.total}</span>
            </h2>
            {group.total > group.items.length && (
              <Link to="/search" search={{ q, type: group.type }} className={styles.all}>
                {t('all', { count: group.total })}
              </Link>
            )}
          </div>
          <Hits hits={group.items} />
        </section>
      ))}
    </div>
  );
}

function TypeResults({ q, type, page }: { q: string; type: SearchType; page: number }) {
  const { t } = useTranslation('search');
  const { data } = useSuspenseQuery(searchPageQuery(type, q, page));
  const pastEnd = data.content.length === 0 && data.totalElements > 0;
  return (
    <div data-testid="search-results">
      <p className={styles.back}>
        <Link to="/search" search={{ q }}>
          {t('allKinds')}
        </Link>
      </p>
      <h2 className={styles.groupTitle}>
        {t(`type.${type}`)} <span className={styles.count}>{data.totalElements}</span>
      </h2>
      {pastEnd ? (
        <p className={styles.hint} role="status" data-testid="search-past-end">
          {t('pastEnd', { page, count: data.totalPages })}{' '}
          <Link to="/search" search={{ q, type, page: data.totalPages > 1 ? data.totalPages : undefined }}>
            {t('lastPage')}
          </Link>
        </p>
      ) : data.totalElements === 0 ? (
        <p className={styles.hint}>{t('nothing', { q })}</p>
      ) : (
        <>
          <Hits hits={data.content} />
          {data.totalPages > 1 && <SearchPaginator q={q} type={type} page={page} last={data.last} />}
        </>
      )}
    </div>
  );
}

function SearchPaginator({ q, type, page, last }: { q: string; type: SearchType; page: number; last: boolean }) {
  const navigate = useNavigate();
  const go = (target: number) => void navigate({ to: '/search', search: { q, type, page: target > 1 ? target : undefined } });
  return (
    <div className={styles.pager}>
      <Paginator page={page} previousDisabled={page <= 1} nextDisabled={last} onPrevious={() => go(page - 1)} onNext={() => go(page + 1)} />
    </div>
  );
}

function Hits({ hits }: { hits: SearchHit[] }) {
  const f = useFormatters();
  return (
    <ul className={styles.hits}>
      {hits.map((hit) => (
        <li key={`${hit.type}-${hit.id}`}>
          <a href={hit.path} className={styles.hit}>
            <span className={styles.thumb}>
              <CardImage image={hit} aspect="1 / 1" sizes="64px" />
            </span>
            <span className={styles.hitBody}>
              <span dir="auto" className={styles.hitTitle}>
                {hit.title}
              </span>
              <span className={styles.hitMeta}>
                {hit.subtitle && <span dir="auto">{hit.subtitle}</span>}
                {hit.priceMinor !== null && hit.currency && <span>{f.money(hit.priceMinor, hit.currency)}</span>}
                {hit.startDateTime && hit.timezone && <span>{f.date(hit.startDateTime, hit.timezone, 'medium')}</span>}
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
