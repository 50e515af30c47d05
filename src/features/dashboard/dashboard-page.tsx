// The dashboard (/, spec 2.4, 6, 8.6, 9): in-transit totals, the status of
// the four fixed hubs (stock, flow, fill against an optional capacity) with a
// chart, and one card per destination city. Computed on the device from the
// local collections: it opens offline and follows every pull.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, Building2, RefreshCw, Ship, Truck } from 'lucide-react';
import { progressPercent } from '../../../sync/pure';
import { DataFreshness } from '../../components/data-freshness';
import { EmptyState } from '../../components/empty-state';
import { HeldHeight } from '../../components/held-height';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format-date';
import { PRODUCT_NAME } from '../../lib/i18n/default-strings';
import { useNearViewport } from '../../lib/hooks/use-near-viewport';
import { useSignedIn } from '../../lib/session/session';
import { useSyncEngine, useSyncEngineFailed, useSyncing } from '../../lib/sync-engine';
import { useT } from '../../lib/i18n';
import { HUB_LABEL_KEYS } from './messages';
import { useDashboardData, type HubCardData } from './use-dashboard-data';
import { AttentionBoard } from './attention-board';
import { DiscrepancyBoard } from './discrepancy-board';
import { HubCardMarks } from './hub-card-marks';
import { HubChartSkeleton } from './hub-chart-frame';
import { TitledSection } from '../../components/titled-section';

const HubChart = lazy(() => import('./hub-chart'));

/** A figure under its label; without a value (not read yet) a placeholder of the value's line height. */
function Figure({ label, value, testId }: { label: string; value: number | null; testId?: string }) {
  return (
    <div className="grid">
      <span className="text-xs text-muted-foreground">{label}</span>
      {value === null ? (
        <Skeleton className="h-7 w-16" />
      ) : (
        <span className="text-xl font-semibold tabular-nums" data-testid={testId}>
          {formatNumber(value)}
        </span>
      )}
    </div>
  );
}

/** A hub card's flow figures: their field (and test id) and their label's key. */
const FLOW = [
  ['incoming', 'tower.dashboard.incoming'],
  ['arrived', 'common.arrived'],
  ['unloading', 'common.unloading'],
  ['outgoing', 'tower.dashboard.outgoing'],
] as const;

function HubCard({ card }: { card: HubCardData }) {
  const t = useT();
  const hubLabel = t(HUB_LABEL_KEYS[card.kind]);
  const percent = progressPercent(card.stock.tv + card.stock.bracket, card.capacity);
  const body = (
    <Card
      className="h-full transition-colors hover:bg-accent/40"
      data-testid="hub-card"
      data-kind={card.kind}
      data-hub-id={card.hub?.id ?? ''}
    >
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Building2 className="size-4" aria-hidden="true" />
          {hubLabel}
        </CardTitle>
        {card.hub && <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />}
      </CardHeader>
      <CardContent className="grid gap-3">
        {!card.hub && <p className="text-sm text-muted-foreground">{t('tower.dashboard.hubUnknown')}</p>}
        <div className="grid grid-cols-2 gap-3">
          <Figure label={t('tower.dashboard.stockTv')} value={card.stock.tv} testId="hub-stock-tv" />
          <Figure
            label={t('tower.dashboard.stockBracket')}
            value={card.stock.bracket}
            testId="hub-stock-bracket"
          />
        </div>
        {/* As many chips a row as fit with their whole words (issue 41: four to a row cut
            "Bongkar" and "Inbound" at 1280x800, "OTW keluar" spilt over). */}
        <dl
          className="grid grid-cols-[repeat(auto-fit,minmax(5rem,1fr))] gap-2 text-center text-xs"
          data-testid="hub-flow"
        >
          {FLOW.map(([key, label]) => (
            <div key={key} className="min-w-0 rounded-md bg-muted p-1">
              <dt className="whitespace-nowrap text-muted-foreground" data-testid="hub-flow-label">
                {t(label)}
              </dt>
              <dd className="text-base font-semibold tabular-nums" data-testid={`hub-flow-${key}`}>
                {card.flow[key]}
              </dd>
            </div>
          ))}
        </dl>
        {card.hub && <HubCardMarks hubId={card.hub.id} />}
        {percent !== null && (
          <div className="grid gap-1" data-testid="hub-progress">
            <div className="flex justify-between text-xs">
              <span className="text-muted-foreground">{t('common.capacity')}</span>
              <span className="font-medium">{formatPercent(percent)}</span>
            </div>
            <div
              className="h-2 rounded-full bg-muted"
              role="progressbar"
              aria-label={t('tower.dashboard.capacityOf', { hub: hubLabel })}
              aria-valuenow={Number(percent)}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div
                className="h-2 rounded-full bg-primary"
                style={{ width: `${Math.min(100, Number(percent))}%` }}
              />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
  return card.hub ? (
    <Link to={`/hub-activity/${card.hub.id}`} className="rounded-xl focus-visible:outline-2">
      {body}
    </Link>
  ) : (
    body
  );
}

export function DashboardPage() {
  const t = useT();
  const { profile } = useSignedIn();
  const engine = useSyncEngine();
  // Said only when the local database could not be opened, not while it opens.
  const failed = useSyncEngineFailed();
  const syncing = useSyncing();
  const data = useDashboardData(profile.userId, { role: profile.role, hubId: profile.hubId });
  // Figures to show: the local ones once their tables have arrived, or the kept ones; until
  // then skeletons, never 0 or "tidak ada" (issue 29).
  const shown = data.ready || data.storedAt !== null;
  const [chartBox, chartNear] = useNearViewport<HTMLDivElement>();

  return (
    <div
      className="mx-auto grid w-full max-w-6xl gap-6 p-4 md:p-6"
      data-testid="dashboard"
      data-ready={data.ready}
      data-shown={data.ready ? 'live' : data.storedAt ? 'stored' : 'none'}
    >
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">
            {t('tower.dashboard.title', { product: PRODUCT_NAME })}
          </h1>
          {/* While the kept figures stand in, their note takes the freshness line's place, in its
              width and on one line (the whole note in its title and to screen readers): the line
              stays there, unseen, so the header keeps its layout when the database's figures
              replace them (issue 43). */}
          <div className="grid">
            <div className={data.storedAt ? 'invisible col-start-1 row-start-1' : 'col-start-1 row-start-1'}>
              <DataFreshness />
            </div>
            {data.storedAt && (
              <p
                className="truncate text-xs text-muted-foreground [contain:inline-size] col-start-1 row-start-1"
                role="status"
                data-testid="dashboard-stored"
                title={t('tower.dashboard.storedNote', { at: formatDateTime(data.storedAt) })}
              >
                {t('tower.dashboard.storedNote', { at: formatDateTime(data.storedAt) })}
              </p>
            )}
          </div>
        </div>
        <Button variant="outline" onClick={() => void engine?.syncNow()} disabled={!engine || syncing}>
          <RefreshCw aria-hidden="true" className={syncing ? 'animate-spin' : undefined} />
          {t('common.refreshData')}
        </Button>
      </header>

      {failed && (
        <Alert variant="destructive" data-testid="dashboard-failed">
          <AlertDescription>{t('tower.dashboard.fetchFailed')}</AlertDescription>
        </Alert>
      )}

      <AttentionBoard />
      <DiscrepancyBoard />

      <Link to="/in-transit-detail" className="rounded-xl focus-visible:outline-2">
        <Card className="transition-colors hover:bg-accent/40" data-testid="in-transit-card">
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle className="flex items-center gap-2 text-base">
              <Truck className="size-4" aria-hidden="true" />
              {t('tower.dashboard.inTransit')}
            </CardTitle>
            <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />
          </CardHeader>
          {/* Until the figures are there, the same figures with placeholders for their values. */}
          <CardContent className="grid grid-cols-3 gap-3">
            <Figure
              label={t('tower.dashboard.shipments')}
              value={shown ? data.inTransit.shipments : null}
              testId="in-transit-shipments"
            />
            <Figure
              label={t('common.item.smartboard')}
              value={shown ? data.inTransit.tv : null}
              testId="in-transit-tv"
            />
            <Figure
              label={t('common.item.bracket')}
              value={shown ? data.inTransit.bracket : null}
              testId="in-transit-bracket"
            />
          </CardContent>
        </Card>
      </Link>

      {/* Until the database's figures are there, the section holds the height it last had at this
          width (the hub cards' marks and the chart come with them). */}
      {(!shown || data.hubCards.length > 0) && (
        <HeldHeight id="status-hub" ready={data.ready}>
          {!shown ? (
            <TitledSection id="status-hub" title={t('tower.dashboard.statusHub')} testId="status-hub-loading">
              <Skeleton className="h-48 w-full" />
            </TitledSection>
          ) : (
            <TitledSection id="status-hub" title={t('tower.dashboard.statusHub')}>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {data.hubCards.map((card) => (
                  <HubCard key={card.kind} card={card} />
                ))}
              </div>
              {data.hubCards.length > 1 && (
                <Card>
                  <CardHeader>
                    <CardTitle className="text-base">{t('tower.dashboard.chartTitle')}</CardTitle>
                  </CardHeader>
                  <CardContent ref={chartBox} data-testid="hub-chart-box">
                    {/* Drawn from the database's figures only: over the kept ones, loading the chart
                    library would compete with the database's first read on a slow tablet. And
                    only when the reader comes near it: it stands well below the fold on every
                    screen, and drawing it was the longest task of the dashboard's start. */}
                    {data.ready && chartNear ? (
                      <Suspense fallback={<HubChartSkeleton />}>
                        <HubChart cards={data.hubCards} />
                      </Suspense>
                    ) : (
                      <HubChartSkeleton />
                    )}
                  </CardContent>
                </Card>
              )}
            </TitledSection>
          )}
        </HeldHeight>
      )}

      {(profile.role !== 'hub_user' || profile.hubInfo.hubType === 'pod') && (
        <HeldHeight id="pod" ready={data.ready}>
          <TitledSection id="pod-section" title={t('lib.nav.pod')}>
            {!shown ? (
              <Skeleton className="h-32 w-full" data-testid="pod-cards-loading" />
            ) : data.podCards.length === 0 ? (
              <EmptyState testId="pod-cards-empty">{t('tower.dashboard.podEmpty')}</EmptyState>
            ) : (
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {data.podCards.map((c) => (
                  <Card key={c.city} data-testid="pod-card" data-city={c.city}>
                    <CardHeader>
                      <CardTitle className="flex items-center gap-2 text-base">
                        <Ship className="size-4" aria-hidden="true" />
                        {c.city}
                      </CardTitle>
                    </CardHeader>
                    <CardContent className="grid grid-cols-3 gap-3">
                      <Figure label={t('tower.dashboard.otw')} value={c.otw} testId="pod-otw" />
                      <Figure label={t('common.arrived')} value={c.arrived} testId="pod-arrived" />
                      <Figure label={t('common.unloading')} value={c.unloading} testId="pod-unloading" />
                      <Figure label={t('tower.dashboard.stockTv')} value={c.tv} testId="pod-tv" />
                      <Figure
                        label={t('tower.dashboard.stockBracket')}
                        value={c.bracket}
                        testId="pod-bracket"
                      />
                    </CardContent>
                  </Card>
                ))}
              </div>
            )}
          </TitledSection>
        </HeldHeight>
      )}
    </div>
  );
}
