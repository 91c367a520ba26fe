import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import { usePageTitle } from '../../../lib/page-head';
import { NAV_ENTRIES } from './workspace-nav';
import styles from './shell.module.css';

/**
 * A workspace area that a later release builds (no 404s, no dead links): it says
 * what it will do and that it is planned for later, nothing that is not true. The release that
 * builds the area replaces the route's component with its own page. `text`: another key of
 * `coming.*` (a sub-page's own sentence); `planned={false}` when that sentence says it all.
 */
export function ComingPage({ area, text = area, planned = true }: { area: string; text?: string; planned?: boolean }) {
  const { t } = useTranslation('workspace');
  const entry = NAV_ENTRIES.find((candidate) => candidate.key === area);
  const title = t(`nav.${area}`);
  usePageTitle(title);
  return (
    <section className={styles.blocked} aria-labelledby="coming-title">
      <span className={styles.blockedIcon} aria-hidden="true">
        <Hourglass size={28} />
      </span>
      <h1 id="coming-title" className={styles.blockedTitle}>
        {title}
      </h1>
      <p className={styles.blockedText}>{t(`coming.${text}`)}</p>
      {planned && <p className={styles.release}>{t(`release.${entry?.comingWith ?? 'later'}`)}</p>}
    </section>
  );
}
