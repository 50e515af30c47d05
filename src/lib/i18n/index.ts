// The folder src/lib/i18n: the language. This file sets it up; the catalogues are en.ts and id.ts,
// assembled from one pair per area (handover-en.ts and handover-id.ts, tower-en.ts and
// tower-id.ts, ...); localize.ts puts the commands' messages (sync's) in the device's language,
// and default-strings.ts holds the default language's strings as constants for code and tests that
// quote them.
//
// The app's languages (issue 30): Bahasa Indonesia (the default) and English, from bundled
// catalogues, set up once and synchronously at import, so the first paint is already in the
// device's language and nothing is fetched (works offline). The choice is per device
// (localStorage, kept after sign-out like high contrast) and drives <html lang> and the date
// and number formats (format-date.ts).
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { setDisplayLocale } from '../format-date';
import { LANGUAGE_KEY } from '../session/storage-keys';
import { en } from './en';
import { id } from './id';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'id';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof id };
  }
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The device's stored choice, or the default. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: Language): void {
  setDisplayLocale(language === 'en' ? 'en-GB' : 'id-ID');
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const initial = typeof localStorage === 'undefined' ? DEFAULT_LANGUAGE : storedLanguage();

void i18next.use(initReactI18next).init({
  resources: { id: { translation: id }, en: { translation: en } },
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});
applyLanguage(initial);

export const i18n = i18next;

/** Translates outside React (toasts, messages built in src/lib). */
export const t = i18next.t.bind(i18next);

/** The current language. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Switches the device's language: kept in localStorage, on <html lang> and in the formats. */
export function setLanguage(language: Language): void {
  try {
    if (language === DEFAULT_LANGUAGE) localStorage.removeItem(LANGUAGE_KEY);
    else localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice holds until the page closes.
  }
  applyLanguage(language);
  void i18next.changeLanguage(language);
}

// Another tab of the app changed the language.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LANGUAGE_KEY) {
      const next = storedLanguage();
      applyLanguage(next);
      void i18next.changeLanguage(next);
    }
  });
}

/** The translate function of a component, re-rendering it when the language changes. */
export function useT() {
  return useTranslation().t;
}

/** The current language, for components that format (they re-render on a change). */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}
