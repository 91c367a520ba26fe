import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { usePageTitle } from '../../lib/page-head';
import { HelpText } from '../ui/help-text';
import styles from './sub-page.module.css';

export interface SubPageProps {
  title: string;
  /** a line under the title (a count, a link: always shown) */
  subtitle?: ReactNode;
  /** what the page is for, under the title: a help text, shown only with the member's help-text flag */
  intro?: string;
  /** where the back link goes (default /profile) and what it says (default 'Profile') */
  back?: { to: string; label?: string };
  /** beside the title (a button, a count) */
  actions?: ReactNode;
  /** 'wide' for lists and conversations */
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** A page of the profile area (and others like it): back link, title, optional actions, content; sets the page title. */
export function SubPage({ title, subtitle, intro, back = { to: '/profile' }, actions, width = 'narrow', children }: SubPageProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  const titleId = `subpage-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={styles.page} data-width={width} aria-labelledby={titleId}>
      <Link to={back.to as '/'} className={styles.back}>
        <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
        {back.label ?? t('subPage.profile')}
      </Link>
      <div className={styles.head}>
        <div className={styles.heading}>
          <h1 className={styles.title} id={titleId}>
            {title}
          </h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {intro && <HelpText className={styles.subtitle}>{intro}</HelpText>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A bordered block of a sub-page, with an optional heading. */
export function Panel({ title, children, id }: { title?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <div className={styles.panel} id={id}>
      {title && <h2 className={styles.panelTitle}>{title}</h2>}
      {children}
    </div>
  );
}
