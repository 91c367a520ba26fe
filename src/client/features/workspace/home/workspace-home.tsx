import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Banknote, CalendarClock, ExternalLink, Heart, QrCode, Ticket, Users, type LucideIcon } from 'lucide-react';
import type { Activity } from '../../../../shared/workspace';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { firmHomeQuery } from '../api/get-firm-home';
import { allStepsDone, FirstSteps } from './first-steps';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './home.module.css';

/** `workspace/home`: a new business's first steps, the firm's key figures from real data and what happened lately. */
export function WorkspaceHome() {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const home = useQuery(firmHomeQuery(workspace.firmId));
  const format = useFormatters();
  usePageTitle(t('nav.home'));
  // a business still taking its first steps is greeted, not welcomed back
  const starting = home.data ? !allStepsDone(home.data.firstSteps) : false;

  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={workspace.firm.name}
        eyebrow={starting ? t('home.welcome') : t('home.welcomeBack')}
        actions={
          <>
            <a href={`/${workspace.firm.username}`} target="_blank" rel="noopener" className={buttonClass()}>
              <ExternalLink size={18} aria-hidden="true" />
              {t('shell.publicPage')}
            </a>
            {workspace.can('firm.edit') && (
              <Link to="/workspace/business-profile" hash="qr" className={buttonClass({ variant: 'primary' })}>
                <QrCode size={18} aria-hidden="true" />
                {t('home.qr')}
              </Link>
            )}
          </>
        }
      />
      {!workspace.firm.published && (
        <p className={ui.notice} role="status">
          {t('home.hidden')}
        </p>
      )}
      {home.isPending ? (
        <PageSpinner />
      ) : home.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{home.error.message}</p>
          <Button onClick={() => void home.refetch()}>{t('retry')}</Button>
        </div>
      ) : (
        <>
          {starting && <FirstSteps steps={home.data.firstSteps} />}
          <ul className={styles.figures} aria-label={t('home.figures')}>
            <Figure
              icon={Heart}
              label={t('home.followers')}
              value={String(home.data.followers)}
              note={t('home.newFollowers', { count: home.data.newFollowers30d })}
            />
            <Figure icon={CalendarClock} label={t('home.upcomingEvents')} value={String(home.data.upcomingEvents)} />
            <Figure icon={Ticket} label={t('home.ticketsSold')} value={String(home.data.ticketsSold)} />
            <Figure
              icon={Banknote}
              label={t('home.revenue')}
              value={
                home.data.revenue.length
                  ? format.money(home.data.revenue[0].amountMinor, home.data.revenue[0].currency)
                  : format.money(0, workspace.firm.currency)
              }
              note={home.data.revenue
                .slice(1)
                .map((money) => format.money(money.amountMinor, money.currency))
                .join(' · ')}
            />
            <Figure icon={Users} label={t('home.team')} value={String(home.data.teamMembers)} />
          </ul>
          <section className={ui.panel} aria-labelledby="activity-title">
            <h2 id="activity-title" className={ui.panelTitle}>
              {t('home.activity')}
            </h2>
            {home.data.activity.length === 0 ? (
              <p className={ui.muted}>{t('home.noActivity')}</p>
            ) : (
              <ol className={styles.activity}>
                {home.data.activity.map((entry) => (
                  <li key={entry.id} className={styles.activityItem}>
                    <span>{activityText(t, entry)}</span>
                    <time dateTime={entry.at} className={ui.muted}>
                      {format.relative(entry.at)}
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function Figure({ icon: Icon, label, value, note }: { icon: LucideIcon; label: string; value: string; note?: string }) {
  return (
    <li className={styles.figure}>
      <span className={styles.figureIcon} aria-hidden="true">
        <Icon size={20} />
      </span>
      <span className={styles.figureLabel}>{label}</span>
      <span className={styles.figureValue}>{value}</span>
      {note && <span className={styles.figureNote}>{note}</span>}
    </li>
  );
}

function activityText(t: ReturnType<typeof useTranslation>['t'], entry: Activity): string {
  const actor = entry.actorName ?? t('activity.someone');
  if (entry.kind === 'member.role') {
    const [name, role] = (entry.subject ?? '').split('|');
    return t('activity.member.role', { actor, name, role: role ? t(`roles.${role}`) : '' });
  }
  if (entry.kind === 'plan.changed')
    return t('activity.plan.changed', { actor, plan: t(`plans.${entry.subject}.name`, { defaultValue: entry.subject }) });
  if (entry.kind === 'firm.settings') return t(`activity.firm.settings.${entry.subject === 'hidden' ? 'hidden' : 'published'}`, { actor });
  return t(`activity.${entry.kind}`, { actor, subject: entry.subject ?? '' });
}
