// The sidebar's language switch (issue 30): every role reaches it on every screen, in the icon
// rail too (Settings, admin only, has the same choice; hub users had only the sign-in page). It
// offers the other language, named in that language, so a reader of either finds it.
import { Languages } from 'lucide-react';
import { toast } from 'sonner';
import { SidebarMenuButton } from '../../components/ui/sidebar';
import { i18n, setLanguage, useLanguage, useT, type Language } from '../../lib/i18n';

export function LanguageButton() {
  const t = useT();
  const language = useLanguage();
  const other: Language = language === 'id' ? 'en' : 'id';
  const otherName = i18n.getFixedT(other)(`language.${other}`);
  return (
    <SidebarMenuButton
      tooltip={t('language.label')}
      lang={other}
      onClick={() => {
        setLanguage(other);
        toast.success(i18n.getFixedT(other)('language.changed'));
      }}
      data-testid="language-button"
    >
      <Languages aria-hidden="true" />
      <span>{otherName}</span>
    </SidebarMenuButton>
  );
}
