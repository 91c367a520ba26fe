import '@testing-library/jest-dom/vitest';
import { beforeAll } from 'vitest';
import { loadDateLocale } from '../shared/date-locales';

// the browser loads a language's month and day names with the language (src/client/lib/i18n.ts)
beforeAll(() => Promise.all(['fr', 'ar'].map(loadDateLocale)));
