import { useTranslation } from 'react-i18next';
import { Eclipse, Moon, Sun, SunMoon, type LucideIcon } from 'lucide-react';
import { nextThemePreference, useThemeStore, type ThemePreference } from '../../lib/theme';
import { useHydrated } from '../../lib/use-hydrated';
import styles from './header-controls.module.css';

const ICONS: Record<ThemePreference, LucideIcon> = { default: SunMoon, bright: Sun, dark: Moon, blackout: Eclipse };

/** Cycles the theme default → bright → dark → blackout; the icon shows the current one. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const stored = useThemeStore((state) => state.preference);
  const hydrated = useHydrated();
  const preference = hydrated ? stored : 'default'; // the server knows no stored theme
  const cycle = useThemeStore((state) => state.cycle);
  const Icon = ICONS[preference];
  const label = t('header.themeLabel', {
    current: t(`theme.${preference}`),
    next: t(`theme.${nextThemePreference(preference)}`),
  });
  return (
    <button type="button" className={styles.iconButton} onClick={cycle} aria-label={label} title={label} data-theme-preference={preference}>
      <Icon size={20} aria-hidden="true" />
    </button>
  );
}
