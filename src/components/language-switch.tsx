// The device's language (issue 30): Bahasa Indonesia or English, per device, kept offline and
// after sign-out (src/lib/i18n). Settings shows it with its hint; the sign-in page shows it too,
// so whoever picks up a tablet can read the first screen.
import { setLanguage, useLanguage, useT, type Language } from '../lib/i18n';
import { SegmentedControl } from './ui/segmented-control';

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const language = useLanguage();
  const options: { value: Language; label: string }[] = [
    { value: 'id', label: t('language.id') },
    { value: 'en', label: t('language.en') },
  ];
  return (
    <SegmentedControl
      value={language}
      options={options}
      // Resolves once the chosen catalogue is there; the switch shows the language that is on.
      onChange={(next) => void setLanguage(next)}
      label={t('language.label')}
      className={className}
    />
  );
}
