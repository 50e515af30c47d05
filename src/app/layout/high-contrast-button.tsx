// The sidebar's high-contrast switch (issue 29): every role reaches it on every screen (Settings,
// admin only, has the same choice), in the icon rail too. A per-device choice, kept offline.
import { Check, Contrast } from 'lucide-react';
import { toast } from 'sonner';
import { SidebarMenuButton } from '../../components/ui/sidebar';
import { useHighContrast } from '../../lib/high-contrast';
import { useT } from '../../lib/i18n';

export function HighContrastButton() {
  const t = useT();
  const [on, setOn] = useHighContrast();
  return (
    <SidebarMenuButton
      tooltip={t('shell.highContrast')}
      aria-pressed={on}
      className="aria-pressed:bg-sidebar-accent aria-pressed:font-semibold"
      onClick={() => {
        setOn(!on);
        toast.success(on ? t('shell.highContrastOff') : t('shell.highContrastOn'));
      }}
      data-testid="high-contrast-button"
    >
      <Contrast aria-hidden="true" />
      <span>{t('shell.highContrast')}</span>
      {on && (
        <Check
          aria-hidden="true"
          className="ml-auto group-data-[state=collapsed]/sidebar:hidden"
          data-testid="high-contrast-on"
        />
      )}
    </SidebarMenuButton>
  );
}
