import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { LANGUAGE_NAMES, LANGUAGES, normalizeLanguage } from '../../../shared/i18n';
import { changeLanguage } from '../../lib/i18n';
import styles from './header-controls.module.css';

/**
 * Language picker: a real <select> (keyboard and screen-reader friendly, native sheet on phones)
 * laid transparently over a compact "globe + code" face.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <label className={styles.language} title={t('header.language')}>
      <Languages size={18} aria-hidden="true" />
      <span className={styles.code} aria-hidden="true">
        {current.toUpperCase()}
      </span>
      <span className="visually-hidden">{t('header.language')}</span>
      <select name="language" className={styles.select} value={current} onChange={(event) => void changeLanguage(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
