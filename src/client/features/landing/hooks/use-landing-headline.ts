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

  // Re-pick during render when the language changed: React's pattern for state derived from
  // a previous render, without an extra paint of the old headline.
  const [pick, setPick] = useState(() => ({ language, random: seed ?? Math.random() }));
  if (pick.language !== language) setPick({ language, random: Math.random() });

  const titles = t('titles', { returnObjects: true }) as unknown;
  const subtitles = t('subtitles', { returnObjects: true }) as unknown;
  const available = Array.isArray(titles) && Array.isArray(subtitles) && titles.length > 0 && subtitles.length > 0;

  useEffect(() => {
    if (!available) console.log(MISSING_LANDING_TRANSLATIONS);
  }, [available, language]);

  if (!available) return null;
  const count = Math.min(titles.length, subtitles.length);
  const index = Math.min(count - 1, Math.floor(pick.random * count));
  return { title: String(titles[index]), subtitle: String(subtitles[index]) };
}
