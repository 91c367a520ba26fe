import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

function LandingPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>Souk</h1>
      <Link to="/explore">{t('nav.explore')}</Link>
    </section>
  );
}
