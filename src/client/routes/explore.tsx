import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/explore')({
  component: ExplorePage,
});

function ExplorePage() {
  const { t } = useTranslation();
  return <h1>{t('nav.explore')}</h1>;
}
