// The high-contrast switch (issue 29): Settings' "Tampilan" card shows it; a per-device choice
// that works offline and outlives a sign-out (src/lib/high-contrast.ts).
import { useId } from 'react';
import { useHighContrast } from '../lib/high-contrast';
import { Checkbox } from './ui/checkbox';

export const HIGH_CONTRAST_LABEL = 'Kontras tinggi';
export const HIGH_CONTRAST_HINT =
  'Teks hitam, garis tegas dan label berwarna pekat, agar terbaca di bawah sinar matahari. Berlaku di perangkat ini saja, juga setelah keluar.';

export function HighContrastSetting() {
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
          {HIGH_CONTRAST_LABEL}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {HIGH_CONTRAST_HINT}
        </p>
      </div>
    </div>
  );
}
