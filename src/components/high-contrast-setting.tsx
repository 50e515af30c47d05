// The high-contrast switch (issue 29): Settings' "Tampilan" card shows it; a per-device choice
// that works offline and outlives a sign-out (src/lib/high-contrast.ts).
import { useId } from 'react';
import { useHighContrast } from '../lib/high-contrast';
import { useT } from '../lib/i18n';
import { CheckboxWithHint } from './checkbox-with-hint';

export function HighContrastSetting() {
  const t = useT();
  const [on, setOn] = useHighContrast();
  const id = useId();
  return (
    <CheckboxWithHint
      id={id}
      label={t('shell.highContrast')}
      hint={t('shell.highContrastHint')}
      checked={on}
      onCheckedChange={setOn}
      testId="high-contrast-toggle"
    />
  );
}
