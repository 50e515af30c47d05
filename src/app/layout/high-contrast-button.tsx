// The sidebar's high-contrast switch (issue 29): every role reaches it on every screen (Settings,
// admin only, has the same choice), in the icon rail too. A per-device choice, kept offline.
import { Check, Contrast } from 'lucide-react';
import { toast } from 'sonner';
import { HIGH_CONTRAST_LABEL } from '../../components/high-contrast-setting';
import { SidebarMenuButton } from '../../components/ui/sidebar';
import { useHighContrast } from '../../lib/high-contrast';

export const HIGH_CONTRAST_ON = 'Kontras tinggi aktif di perangkat ini.';
export const HIGH_CONTRAST_OFF = 'Kontras tinggi nonaktif.';

export function HighContrastButton() {
  const [on, setOn] = useHighContrast();
  return (
    <SidebarMenuButton
      tooltip={HIGH_CONTRAST_LABEL}
      aria-pressed={on}
      className="aria-pressed:bg-sidebar-accent aria-pressed:font-semibold"
      onClick={() => {
        setOn(!on);
        toast.success(on ? HIGH_CONTRAST_OFF : HIGH_CONTRAST_ON);
      }}
      data-testid="high-contrast-button"
    >
      <Contrast aria-hidden="true" />
      <span>{HIGH_CONTRAST_LABEL}</span>
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
