import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, ChevronRight, Circle } from 'lucide-react';
import type { KeyFigures } from '../../../../shared/workspace';
import ui from '../ui/workspace-ui.module.css';
import styles from './home.module.css';

type Step = keyof KeyFigures['firstSteps'];

/** Where each first step is taken. */
const STEP_LINKS: Record<Step, { to: string; hash?: string }> = {
  menu: { to: '/workspace/menu' },
  event: { to: '/workspace/events' },
  shared: { to: '/workspace/business-profile', hash: 'qr' },
  invited: { to: '/workspace/team/emp' },
};

/** Whether a business has taken every first step (its home then greets a returning owner). */
export function allStepsDone(steps: KeyFigures['firstSteps']): boolean {
  return Object.values(steps).every(Boolean);
}

/** A new business's checklist: each step links to where it is done and ticks itself from the server's rows. */
export function FirstSteps({ steps }: { steps: KeyFigures['firstSteps'] }) {
  const { t } = useTranslation('workspace');
  return (
    <section className={ui.panel} aria-labelledby="first-steps-title">
      <h2 id="first-steps-title" className={ui.panelTitle}>
        {t('home.firstSteps')}
      </h2>
      <p className={ui.muted}>{t('home.firstStepsIntro')}</p>
      <ol className={styles.steps}>
        {(Object.keys(STEP_LINKS) as Step[]).map((step) => (
          <li key={step}>
            <Link {...STEP_LINKS[step]} className={styles.step} data-done={steps[step] || undefined}>
              {steps[step] ? (
                <CheckCircle2 size={22} className={styles.stepDone} aria-label={t('home.stepDone')} />
              ) : (
                <Circle size={22} aria-hidden="true" />
              )}
              <span className={styles.stepText}>{t(`home.steps.${step}`)}</span>
              <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
