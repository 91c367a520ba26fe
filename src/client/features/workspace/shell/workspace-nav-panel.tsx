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
 * Team, Account). An area the role or the plan does not open stays listed with a lock: its page
 * says why (never a dead link).
 */
export function WorkspaceNavPanel({ workspace, onNavigate }: { workspace: WorkspaceView; onNavigate?: () => void }) {
  const { t } = useTranslation('workspace');
  const { firm, employment, subscription } = workspace;
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
        {NAV_GROUPS.map((group) => (
          <div key={group} className={styles.navGroup}>
            <h2 className={styles.navGroupTitle} id={`nav-group-${group}`}>
              {t(`groups.${group}`)}
            </h2>
            <ul aria-labelledby={`nav-group-${group}`} className={styles.navList}>
              {NAV_ENTRIES.filter((entry) => entry.group === group).map((entry) => {
                const access = entryAccess(entry.permission, entry.feature, employment.permissions, subscription.features);
                const Icon = entry.icon;
                const locked = access.state !== 'open';
                return (
                  <li key={entry.key}>
                    <Link
                      to={`/workspace/${entry.key}` as '/workspace'}
                      className={styles.navLink}
                      activeProps={{ 'aria-current': 'page' }}
                      data-locked={locked ? '' : undefined}
                      onClick={onNavigate}
                    >
                      <Icon size={18} aria-hidden="true" />
                      <span className={styles.navLabel}>{t(`nav.${entry.key}`)}</span>
                      {entry.key === 'customers' && !locked && <CustomersBadge firmId={firm.id} />}
                      {locked && (
                        <span className={styles.lock}>
                          <Lock size={14} aria-hidden="true" />
                          <span className="visually-hidden">{access.state === 'role' ? t('locked.byRole') : t('locked.byPlan')}</span>
                        </span>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
