// Settings' evidence location card (issue 28): "Sertakan lokasi pada foto bukti", a choice of
// this device (kept after sign-out, src/lib/documents/evidence-location.ts). Switching it on asks
// the browser's permission at once, so a count at the dock never stops for a prompt; a browser
// that refuses is said plainly and the switch stays off. While on, the receipt's photos,
// signatures and documents carry the coordinates and accuracy to the server.
import { useEffect, useId, useState } from 'react';
import { CheckboxWithHint } from '../../components/checkbox-with-hint';
import { SettingsCard } from './settings-card';
import {
  askLocation,
  locationPermission,
  useLocationAllowed,
  type LocationAnswer,
} from '../../lib/documents/evidence-location';
import { useT } from '../../lib/i18n';

type Shown = 'idle' | 'asking' | LocationAnswer | 'revoked';

export function LocationSettingCard() {
  const t = useT();
  const id = useId();
  const [on, setOn] = useLocationAllowed();
  const [shown, setShown] = useState<Shown>('idle');

  // Switched on earlier, but the browser's permission was taken back since.
  useEffect(() => {
    if (!on) return;
    let live = true;
    void locationPermission().then((state) => {
      if (live && state === 'denied') setShown('revoked');
    });
    return () => {
      live = false;
    };
  }, [on]);

  const change = async (next: boolean) => {
    if (!next) {
      setOn(false);
      setShown('idle');
      return;
    }
    setShown('asking');
    const answer = await askLocation();
    // Refused or not offered: the switch stays off, and says why.
    setOn(answer === 'granted' || answer === 'unavailable');
    setShown(answer);
  };

  const message: Record<Shown, string | null> = {
    idle: on ? t('evidence.locationOn') : t('evidence.locationOff'),
    asking: t('evidence.locationAsking'),
    granted: t('evidence.locationOn'),
    unavailable: t('evidence.locationUnavailable'),
    denied: t('evidence.locationDenied'),
    unsupported: t('evidence.locationUnsupported'),
    revoked: t('evidence.locationRevoked'),
  };
  const problem = shown === 'denied' || shown === 'unsupported' || shown === 'revoked';

  return (
    <SettingsCard id="location" title={t('evidence.locationTitle')} className="grid gap-2">
      <CheckboxWithHint
        id={id}
        label={t('evidence.locationLabel')}
        hint={t('evidence.locationHint')}
        checked={on}
        disabled={shown === 'asking'}
        onCheckedChange={(checked) => void change(checked)}
        describedBy={`${id}-state`}
        testId="location-toggle"
      />
      <p
        id={`${id}-state`}
        role={problem ? 'alert' : 'status'}
        className={problem ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
        data-testid="location-state"
        data-state={shown}
      >
        {message[shown]}
      </p>
    </SettingsCard>
  );
}
