// The sidebar's language switch (issue 30): every role reaches it on every screen, in the icon
// rail too (Settings, admin only, has the same choice; hub users had only the sign-in page). It
// offers the other language, named in that language, so a reader of either finds it (the names
// are the same in both catalogues, so the bundled one names English before its chunk is loaded).
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
        // English's catalogue may still be on its way (its own chunk): the toast, in the new
        // language, once it has switched.
        void setLanguage(other).then((switched) => {
          if (switched) toast.success(i18n.getFixedT(other)('language.changed'));
        });
      }}
      data-testid="language-button"
    >
      <Languages aria-hidden="true" />
      <span>{otherName}</span>
    </SidebarMenuButton>
  );
}
