import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftRight, ExternalLink, Lock } from 'lucide-react';
import { NAV_ENTRIES, NAV_GROUPS, entryAccess } from './workspace-nav';
import type { WorkspaceView } from './workspace-context';
import { CustomersBadge } from './customers-badge';
import { FirmAvatar } from './firm-avatar';
import { roleLabel } from './role-label';
import styles from './shell.module.css';

/**
 * The workspace navigation: every area grouped (Overview, Catalogue, Sales, Audience, Content,
 * Team, Account). The areas the role or the plan does not open are folded at the end, each with a
 * lock: a staff member's drawer shows what they work with first, and a locked page says why (never a dead link).
 */
export function WorkspaceNavPanel({ workspace, onNavigate }: { workspace: WorkspaceView; onNavigate?: () => void }) {
  const { t } = useTranslation('workspace');
  const { firm, employment, subscription } = workspace;
  const entries = NAV_ENTRIES.map((entry) => ({
    ...entry,
    access: entryAccess(entry.permission, entry.feature, employment.permissions, subscription.features),
  }));
  const locked = entries.filter((entry) => entry.access.state !== 'open');
  const navLink = (entry: (typeof entries)[number]) => {
    const Icon = entry.icon;
    const isLocked = entry.access.state !== 'open';
    return (
      <Link
        to={`/workspace/${entry.key}` as '/workspace'}
        className={styles.navLink}
        activeProps={{ 'aria-current': 'page' }}
        data-locked={isLocked ? '' : undefined}
        onClick={onNavigate}
      >
        <Icon size={18} aria-hidden="true" />
        <span className={styles.navLabel}>{t(`nav.${entry.key}`)}</span>
        {entry.key === 'customers' && !isLocked && <CustomersBadge firmId={firm.id} />}
        {isLocked && (
          <span className={styles.lock}>
            <Lock size={14} aria-hidden="true" />
            <span className="visually-hidden">{entry.access.state === 'role' ? t('locked.byRole') : t('locked.byPlan')}</span>
          </span>
        )}
      </Link>
    );
  };
  return (
    <div className={styles.navPanel}>
      <div className={styles.firmCard}>
        <FirmAvatar imagePath={firm.imagePath} color={firm.imageColor} size={44} />
        <div className={styles.firmCardText}>
          <span className={styles.firmName}>{firm.name}</span>
          <span className={styles.muted}>
            {roleLabel(t, employment.userRole)} · {t(`plans.${subscription.plan}.name`)}
          </span>
        </div>
      </div>
      <div className={styles.firmLinks}>
        <a href={`/${firm.username}`} target="_blank" rel="noopener" className={styles.firmLink}>
          <ExternalLink size={16} aria-hidden="true" />
          {t('shell.publicPage')}
        </a>
        <Link to="/business" className={styles.firmLink} onClick={onNavigate}>
          <ArrowLeftRight size={16} aria-hidden="true" />
          {t('shell.switch')}
        </Link>
      </div>
      <nav aria-label={t('shell.navLabel')}>
        {NAV_GROUPS.map((group) => {
          const open = entries.filter((entry) => entry.group === group && entry.access.state === 'open');
          if (open.length === 0) return null;
          return (
            <div key={group} className={styles.navGroup}>
              <h2 className={styles.navGroupTitle} id={`nav-group-${group}`}>
                {t(`groups.${group}`)}
              </h2>
              <ul aria-labelledby={`nav-group-${group}`} className={styles.navList}>
                {open.map((entry) => (
                  <li key={entry.key}>{navLink(entry)}</li>
                ))}
              </ul>
            </div>
          );
        })}
        {/* what the plan or the role does not open: folded at the end, each still saying why on its page */}
        {(['plan', 'role'] as const).map((state) => {
          const folded = locked.filter((entry) => entry.access.state === state);
          if (folded.length === 0) return null;
          return (
            <details key={state} className={`${styles.navGroup} ${styles.lockedGroup}`}>
              <summary className={styles.navGroupTitle}>
                {t(state === 'plan' ? 'locked.foldedPlan' : 'locked.foldedRole', { count: folded.length })}
              </summary>
              <ul className={styles.navList}>
                {folded.map((entry) => (
                  <li key={entry.key}>{navLink(entry)}</li>
                ))}
              </ul>
            </details>
          );
        })}
      </nav>
    </div>
  );
}
