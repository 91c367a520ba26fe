import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const MISSING_LANDING_TRANSLATIONS = 'Translation data for landing page is not available.';

export interface LandingHeadline {
  title: string;
  subtitle: string;
}

/**
 * A title and subtitle picked at random from the parallel `titles` / `subtitles` lists of the
 * landing namespace, picked again whenever the language changes (spec: landing page).
 *
 * `seed` (a random number in [0, 1), drawn by the route's loader) is the first pick: the server
 * renders with it and the hydrating render gets the same one with the loader data, so the
 * server's headline is the one that stays. Without it (tests, other callers) the pick is drawn here.
 */
export function useLandingHeadline(seed?: number): LandingHeadline | null {
  const { t, i18n } = useTranslation('landing');
  const language = i18n.resolvedLanguage ?? i18n.language;

  // Picked again whenever the language changes (i18next tells; render itself stays pure).
  const [random, setRandom] = useState(() => seed ?? Math.random());
  useEffect(() => {
    const pickAgain = () => setRandom(Math.random());
    i18n.on('languageChanged', pickAgain);
    return () => i18n.off('languageChanged', pickAgain);
  }, [i18n]);

  const titles = t('titles', { returnObjects: true }) as unknown;
  const subtitles = t('subtitles', { returnObjects: true }) as unknown;
  const available = Array.isArray(titles) && Array.isArray(subtitles) && titles.length > 0 && subtitles.length > 0;

  useEffect(() => {
    if (!available) console.log(MISSING_LANDING_TRANSLATIONS);
  }, [available, language]);

  if (!available) return null;
  const count = Math.min(titles.length, subtitles.length);
  const index = Math.min(count - 1, Math.floor(random * count));
  return { title: String(titles[index]), subtitle: String(subtitles[index]) };
}
