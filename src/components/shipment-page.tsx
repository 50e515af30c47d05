// The frame of a shipment's own page, at a hub (features/hub-ops/shipment-view.tsx, issue 28)
// and at a POD (features/pod/pod-shipment-view.tsx, issue 41): the way back to the overview,
// the batch as its title, the refusals of this device's commands, then the page's steps. While
// the shipment is still on its way to the device it says so; one it cannot show says why, with
// the QR scanner at hand.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertTriangle, ArrowLeft, CheckCircle2, Maximize2 } from 'lucide-react';
import type { ArrivalTab } from '../lib/handover/scan-target';
import { useT } from '../lib/i18n';
import type { TimeZone } from '../lib/time-zone';
import { ShipmentDocuments } from './handover/shipment-documents';
import { StepTrail } from './step-trail';
import { QrScannerButton } from './qr-scanner-button';
import { RejectionsAlert } from './rejections-alert';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';
import { TitledSection } from './titled-section';

export function ShipmentPage({
  shipmentId,
  status,
  batch,
  back,
  children,
}: {
  shipmentId: string;
  status: string;
  batch: string;
  /** The overview's address, the link's words, and its test id where it has one. */
  back: { to: string; label: string; testId?: string };
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div
      className="mx-auto grid w-full max-w-3xl content-start gap-4 p-4 md:p-6"
      data-testid="shipment-view"
      data-shipment-id={shipmentId}
      data-status={status}
    >
      <div>
        <Button asChild variant="ghost" className="-ml-2 min-h-11">
          <Link to={back.to} data-testid={back.testId}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
      </div>
      <h1 className="text-2xl font-bold tracking-tight break-words">
        {t('hubShipping.view.title', { batch })}
      </h1>
      <RejectionsAlert />
      {children}
    </div>
  );
}

/** The shipment is not on the device yet (a first sync, a pull on its way). */
export function ShipmentLoading() {
  const t = useT();
  return (
    <div className="grid gap-2">
      <p role="status">{t('handover.scan.loading')}</p>
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** Why the page cannot show the shipment, and the scanner to find another. */
export function ShipmentProblem({ text }: { text: string }) {
  const t = useT();
  return (
    <>
      <Alert variant="destructive" data-testid="shipment-view-problem">
        <AlertTriangle aria-hidden="true" />
        <AlertTitle>{t('hubShipping.view.cannot')}</AlertTitle>
        <AlertDescription className="text-base">{text}</AlertDescription>
      </Alert>
      <div>
        <QrScannerButton />
      </div>
    </>
  );
}

/** The page's steps: the trail, the next step (its one big button, or that the shipment is
 *  done), the shipment's card, and once it is done, its documents. */
export function ShipmentSteps({
  shipmentId,
  step,
  next,
  card,
  timeZone,
}: {
  shipmentId: string;
  /** null: unloaded, every step done. */
  step: ArrivalTab | null;
  /** What stands for the next step while there is one. */
  next: (step: ArrivalTab) => ReactNode;
  card: ReactNode;
  timeZone: TimeZone;
}) {
  const t = useT();
  return (
    <>
      <StepTrail step={step} />
      <TitledSection
        id="shipment-next-step"
        title={step ? t('hubShipping.view.next') : t('hubShipping.view.doneTitle')}
        className="grid gap-2"
        testId="shipment-next"
      >
        {step ? (
          next(step)
        ) : (
          <p className="flex items-center gap-2 text-base" data-testid="shipment-view-done">
            <CheckCircle2 className="size-6 text-emerald-700" aria-hidden="true" />
            {t('hubShipping.view.done')}
          </p>
        )}
      </TitledSection>
      <ul className="grid">{card}</ul>
      {!step && <ShipmentDocuments shipmentId={shipmentId} timeZone={timeZone} />}
    </>
  );
}

/** A list card's way to the shipment's own page. */
export function ShipmentViewLink({ to, batch }: { to: string; batch: string }) {
  const t = useT();
  return (
    <Button asChild variant="outline">
      <Link to={to} aria-label={t('hubShipping.view.openLabel', { batch })} data-testid="shipment-view-link">
        <Maximize2 aria-hidden="true" />
        {t('common.open')}
      </Link>
    </Button>
  );
}
