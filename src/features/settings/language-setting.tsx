// Settings' language card (issue 30): the device's language, with what the choice covers.
import { LanguageSwitch } from '../../components/language-switch';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useT } from '../../lib/i18n';

export function LanguageSettingCard() {
  const t = useT();
  return (
    <Card data-testid="settings-language">
      <CardHeader>
        <CardTitle>{t('language.title')}</CardTitle>
        <CardDescription>{t('language.hint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <LanguageSwitch />
      </CardContent>
    </Card>
  );
}
