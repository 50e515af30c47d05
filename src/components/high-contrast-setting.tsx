// The high-contrast switch (issue 29): Settings' "Tampilan" card shows it; a per-device choice
// that works offline and outlives a sign-out (src/lib/high-contrast.ts).
import { useId } from 'react';
import { useHighContrast } from '../lib/high-contrast';
import { useT } from '../lib/i18n';
import { Checkbox } from './ui/checkbox';

export function HighContrastSetting() {
  const t = useT();
  const [on, setOn] = useHighContrast();
  const id = useId();
  return (
    <div className="flex items-start gap-1">
      <Checkbox
        id={id}
        checked={on}
        onCheckedChange={(checked) => setOn(checked === true)}
        aria-describedby={`${id}-hint`}
        data-testid="high-contrast-toggle"
        className="-mt-2.5 -ml-3"
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('shell.highContrast')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t('shell.highContrastHint')}
        </p>
      </div>
    </div>
  );
}
