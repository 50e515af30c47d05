// Settings' evidence location card (issue 28): "Sertakan lokasi pada foto bukti", a choice of
// this device (kept after sign-out, src/lib/documents/evidence-location.ts). Switching it on asks
// the browser's permission at once, so a count at the dock never stops for a prompt; a browser
// that refuses is said plainly and the switch stays off. While on, the receipt's photos,
// signatures and documents carry the coordinates and accuracy to the server.
import { useEffect, useId, useState } from 'react';
import { Checkbox } from '../../components/ui/checkbox';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
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
    <Card data-testid="settings-location">
      <CardHeader>
        <CardTitle>{t('evidence.locationTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="flex items-start gap-1">
          <Checkbox
            id={id}
            checked={on}
            disabled={shown === 'asking'}
            onCheckedChange={(checked) => void change(checked === true)}
            aria-describedby={`${id}-hint ${id}-state`}
            data-testid="location-toggle"
            className="-mt-2.5 -ml-3"
          />
          <div className="grid gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              {t('evidence.locationLabel')}
            </label>
            <CardDescription id={`${id}-hint`}>{t('evidence.locationHint')}</CardDescription>
          </div>
        </div>
        <p
          id={`${id}-state`}
          role={problem ? 'alert' : 'status'}
          className={problem ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
          data-testid="location-state"
          data-state={shown}
        >
          {message[shown]}
        </p>
      </CardContent>
    </Card>
  );
}
