// The folder src/lib/i18n: the language. This file sets it up; the catalogues are en.ts and id.ts,
// assembled from one pair per area (handover-en.ts and handover-id.ts, tower-en.ts and
// tower-id.ts, ...); server-message.ts puts a refusal or a check, by its key, in the device's
// language, and default-strings.ts holds the default language's strings as constants for code and tests that
// quote them.
//
// The app's languages (issue 30): Bahasa Indonesia (the default, and the fallback of a missing
// key) and English. The Indonesian catalogue is bundled with this module; the English one is a
// chunk of its own (issue 43: the first screen of a default-language device does not carry it),
// loaded with import() when English is chosen. The service worker precaches it with every other
// script, so it loads offline too. On a device whose stored language is English it is loaded at
// once, and main.tsx renders only after it (languageReady): the first paint is English. (A
// top-level await here instead makes the bundler split the first screen into many small files,
// losing most of the saving.) The choice is per device (localStorage, kept after sign-out like
// high contrast) and drives <html lang> and the date and number formats (format-date.ts).
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { setDisplayLocale } from '../display-locale';
import { LANGUAGE_KEY } from '../session/storage-keys';
import { id, type Catalogue } from './id';

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

// The catalogues that are not bundled: each its own chunk.
const catalogueChunks: Partial<Record<Language, () => Promise<Catalogue>>> = {
  en: () => import('./en').then((module) => module.en),
};

function hasCatalogue(language: Language): boolean {
  return i18next.hasResourceBundle(language, 'translation');
}

/**
 * Adds a language's catalogue to i18next, fetching its chunk when it is not there yet. True once
 * it is there; false when its chunk could not be loaded (the language cannot be shown).
 */
export async function loadCatalogue(language: Language): Promise<boolean> {
  if (hasCatalogue(language)) return true;
  const chunk = catalogueChunks[language];
  if (!chunk) return false;
  try {
    const catalogue = await chunk();
    i18next.addResourceBundle(language, 'translation', catalogue);
    return true;
  } catch (error) {
    console.warn(`The ${language} catalogue could not be loaded`, error);
    return false;
  }
}

const stored = typeof localStorage === 'undefined' ? DEFAULT_LANGUAGE : storedLanguage();

void i18next.use(initReactI18next).init({
  // The bundled catalogue; the others are added by loadCatalogue().
  resources: { id: { translation: id } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

// The language last asked for: a catalogue that arrives after a later choice is not switched to.
let requested: Language = stored;
// The default until the stored language's catalogue is there (languageReady); if it cannot be
// loaded the device stays in the default.
applyLanguage(DEFAULT_LANGUAGE);

/**
 * Settles once the device's stored language is on (or the default, when its catalogue could not
 * be loaded): main.tsx renders after it, so a device set to English paints English from the first
 * frame. Never rejects.
 */
export const languageReady: Promise<void> = loadCatalogue(stored).then((loaded) => {
  if (loaded && requested === stored) show(stored);
});

export const i18n = i18next;

/** Translates outside React (toasts, messages built in src/lib). */
export const t = i18next.t.bind(i18next);

/** The current language. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Shows `language` (its catalogue is there): on <html lang>, in the formats and the text. */
function show(language: Language): void {
  applyLanguage(language);
  // With the catalogue in i18next's store this switches before it returns.
  void i18next.changeLanguage(language);
}

/**
 * Switches the device's language: kept in localStorage, on <html lang> and in the formats. With
 * its catalogue already loaded (the default language; English once loaded) it switches before
 * returning; otherwise once the chunk is there. Resolves to false, nothing changed, when the
 * catalogue could not be loaded or another language was chosen meanwhile.
 */
export function setLanguage(language: Language): Promise<boolean> {
  requested = language;
  const keep = () => {
    try {
      if (language === DEFAULT_LANGUAGE) localStorage.removeItem(LANGUAGE_KEY);
      else localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Storage refused (private mode): the choice holds until the page closes.
    }
    show(language);
  };
  if (hasCatalogue(language)) {
    keep();
    return Promise.resolve(true);
  }
  return loadCatalogue(language).then((loaded) => {
    if (!loaded || requested !== language) return false;
    keep();
    return true;
  });
}

// Another tab of the app changed the language.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== LANGUAGE_KEY) return;
    const next = storedLanguage();
    requested = next;
    void loadCatalogue(next).then((loaded) => {
      if (loaded && requested === next) show(next);
    });
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
