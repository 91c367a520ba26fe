import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import type { Industry } from '../../../../shared/explore';
import { pickName } from '../../../../shared/i18n';
import { industriesQuery } from '../../../lib/industries';
import { industryOf, type ExploreSearch, type ExploreSegment } from '../segments';
import styles from './explore.module.css';

function industryLink(industry: Industry): { to: string; params?: Record<string, string> } | null {
  switch (industry.key) {
    case 'foodandbeverage':
      return { to: '/food' };
    case 'shoppingandretail':
      return { to: '/shop' };
    case 'services':
      return { to: '/services' };
    case 'events':
      return { to: '/events' };
    default:
      return industry.categories[0] ? { to: '/category/$category', params: { category: industry.categories[0].key } } : null;
  }
}

function categoryLink(industry: Industry, key: string): { to: string; params: Record<string, string> } {
  const base: Record<string, string> = {
    foodandbeverage: '/food/$category',
    shoppingandretail: '/shop/$category',
    services: '/services/$category',
    events: '/events/$category',
  };
  return { to: base[industry.key] ?? '/category/$category', params: { category: key } };
}

export interface ExploreHeaderProps {
  segment: ExploreSegment;
  category?: string;
  search: ExploreSearch;
  /** replaces the search params (filters reset the page) */
  onSearch: (next: ExploreSearch) => void;
  /** firm filters (not on events) */
  showFirmFilters: boolean;
}

/**
 * Explore header: title, industry chips, category chips, search by name and the firm filters. The
 * industries are there: the explore routes' loader (routes/-explore) waits for them.
 */
export function ExploreHeader({ segment, category, search, onSearch, showFirmFilters }: ExploreHeaderProps) {
  const { t, i18n } = useTranslation('explore');
  const { data: industries } = useSuspenseQuery(industriesQuery());
  const industry = industryOf(industries, segment, category);
  const current = industry?.categories.find((c) => c.key === category);
  const title = current ? pickName(current.names, i18n.language) : industry ? pickName(industry.names, i18n.language) : t('title');
  const [name, setName] = useState(search.name ?? '');
  // The box follows the URL when it changes from elsewhere (back button, a chip).
  const [searchedName, setSearchedName] = useState(search.name);
  if (searchedName !== search.name) {
    setSearchedName(search.name);
    setName(search.name ?? '');
  }
  // Typing searches once it pauses for 300 ms.
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typingTimer.current), []);
  const onType = (typed: string) => {
    setName(typed);
    clearTimeout(typingTimer.current);
    const value = typed.trim();
    if (value === (search.name ?? '')) return;
    typingTimer.current = setTimeout(() => onSearch({ ...search, name: value || undefined, page: undefined }), 300);
  };

  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      <nav aria-label={t('industries')} className={styles.chips}>
        <Link
          to="/explore"
          className={styles.chip}
          activeOptions={{ exact: true, includeSearch: false }}
          aria-current={segment === 'explore' ? 'page' : undefined}
        >
          {t('all')}
        </Link>
        {industries.map((item) => {
          const link = industryLink(item);
          if (!link) return null;
          return (
            <Link
              key={item.key}
              to={link.to as '/explore'}
              params={link.params as never}
              className={styles.chip}
              aria-current={industry?.key === item.key ? 'page' : undefined}
            >
              {pickName(item.names, i18n.language)}
            </Link>
          );
        })}
      </nav>
      {industry && industry.categories.length > 0 && (
        <nav aria-label={t('categories')} className={[styles.chips, styles.subChips].join(' ')}>
          {industry.key !== 'technology' && (
            <Link
              to={(industryLink(industry)?.to ?? '/explore') as '/explore'}
              className={styles.subChip}
              activeOptions={{ exact: true, includeSearch: false }}
              aria-current={!category ? 'page' : undefined}
            >
              {t('allIn', { name: pickName(industry.names, i18n.language) })}
            </Link>
          )}
          {industry.categories.map((item) => {
            const link = categoryLink(industry, item.key);
            return (
              <Link
                key={item.key}
                to={link.to as '/explore'}
                params={link.params as never}
                className={styles.subChip}
                activeOptions={{ exact: true, includeSearch: false }}
                aria-current={item.key === category ? 'page' : undefined}
              >
                {pickName(item.names, i18n.language)}
              </Link>
            );
          })}
        </nav>
      )}
      {showFirmFilters && (
        <div className={styles.filters}>
          <label className={styles.search}>
            <Search size={18} aria-hidden="true" />
            <span className="visually-hidden">{t('searchLabel')}</span>
            <input
              type="search"
              value={name}
              placeholder={t('searchPlaceholder')}
              onChange={(event) => onType(event.target.value)}
              enterKeyHint="search"
              maxLength={100}
            />
          </label>
          <button
            type="button"
            className={styles.filterChip}
            aria-pressed={Boolean(search.openNow)}
            onClick={() => onSearch({ ...search, openNow: search.openNow ? undefined : true, page: undefined })}
          >
            <span className={styles.dot} aria-hidden="true" />
            {t('openNow')}
          </button>
          <label className={styles.ageFilter}>
            <span>{t('myAge')}</span>
            <select
              value={search.age ?? ''}
              onChange={(event) =>
                onSearch({ ...search, age: event.target.value ? Number(event.target.value) : undefined, page: undefined })
              }
            >
              <option value="">{t('anyAge')}</option>
              {[13, 16, 18, 21].map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </header>
  );
}
