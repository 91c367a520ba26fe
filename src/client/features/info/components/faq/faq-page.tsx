import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown, LifeBuoy } from 'lucide-react';
import { PageHeader } from '../../../../components/content/page-header';
import { usePageTitle } from '../../../../lib/page-head';
import { asList } from '../../../../lib/translated';
import shared from '../../../../components/content/content-page.module.css';
import styles from './faq.module.css';

interface FaqItem {
  q: string;
  a: string;
}

/** Ten questions; each opens and closes on its own and all start closed. */
export function FaqPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('faq.meta.title'), t('faq.meta.description'));
  const items = asList<FaqItem>(t('faq.items', { returnObjects: true }));
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const baseId = useId();

  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div className={shared.page}>
      <PageHeader eyebrow={t('faq.eyebrow')} title={t('faq.title')} lead={t('faq.lead')} />
      <ul className={styles.list}>
        {items.map((item, index) => {
          const expanded = open.has(index);
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <li key={item.q} className={styles.item} data-open={expanded || undefined}>
              <h2 className={styles.question}>
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  className={styles.toggle}
                  onClick={() => toggle(index)}
                >
                  <span>{item.q}</span>
                  <ChevronDown size={20} aria-hidden="true" className={styles.chevron} />
                </button>
              </h2>
              <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className={styles.answer}>
                <p>{item.a}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <Link to="/help" className={`${shared.buttonSecondary} ${styles.help}`}>
        <LifeBuoy size={18} aria-hidden="true" />
        {t('faq.helpLink')}
      </Link>
    </div>
  );
}
