// Settings' language card (issue 30): the device's language, with what the choice covers.
import { LanguageSwitch } from '../../components/language-switch';
import { SettingsCard } from './settings-card';
import { useT } from '../../lib/i18n';

export function LanguageSettingCard() {
  const t = useT();
  return (
    <SettingsCard id="language" title={t('language.title')} description={t('language.hint')}>
      <LanguageSwitch />
    </SettingsCard>
  );
}
