import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>404</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/explore">{t('notFound.explore')}</Link>
    </section>
  );
}
