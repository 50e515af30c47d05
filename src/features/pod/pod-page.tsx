// POD Management (/pod, spec 2.10, 4.2, 6, 8.5): the containers on the way to,
// arrived at and unloading in each destination city, grouped per city, and
// the three steps a POD takes them through. Everything reads the local
// collections and writes through the sync engine: it works with no signal.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RefreshCw } from 'lucide-react';
import {
  mayActForPodCity,
  podCityOfHub,
  warehouseForCity,
  type Hub,
  type Shipment,
} from '../../../sync/pure';
import { DataFreshness } from '../../components/data-freshness';
import { ScreenHeader } from '../../components/screen-header';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { RejectionsAlert } from '../../components/rejections-alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ShipmentViewLink } from '../../components/shipment-page';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { TabRowFrame } from '../../components/tab-row-frame';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useT } from '../../lib/i18n';
import { useSignedIn } from '../../lib/session/session';
import { useSyncEngine, useTablesArrived } from '../../lib/sync-engine';
import { usePendingMarks } from '../../lib/use-outbox';
import type { PendingMarks } from '../../lib/pending-marks';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useShipmentDetails } from '../../lib/shipments/use-shipment-details';
import { useStatusLooks } from '../../lib/shipments/use-status-looks';
import { POD_TABS, podCities, podGroups, type PodTab } from './pod-queries';
import { PodShipmentCard } from './pod-shipment-card';
import { PodReceiptDialog } from './pod-receipt-dialog';
import { cityOf, PodAction, type Counting } from './pod-action';
import { podShipmentViewPath } from '../../lib/hub-routes';
import { PodDoneList } from './pod-done-list';
import { zoneOfPlace } from '../../lib/time-zone';
import { QrScannerButton } from '../../components/qr-scanner-button';
import { VerifyDocumentLink } from '../../components/verify-document-link';
import { SCANNED_PARAM } from '../../lib/handover/scan-target';

const POD_STATUSES = {
  selector: { selesai_bongkar: false },
} as const;
const ALL_VALUE = '__all__';

const POD_TABLES = ['hubs', 'shipments'] as const;

function usePodData() {
  const shipments = useRxQuery('shipments', POD_STATUSES);
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const warehouses = useRxQuery('warehouses', ALL_ROWS);
  // "Nothing here" only once the shipments and hubs have arrived on this device (issue 29).
  const arrived = useTablesArrived(POD_TABLES);
  return {
    shipments: shipments.rows,
    hubs: hubs.rows,
    warehouses: warehouses.rows,
    ready: arrived && shipments.ready && hubs.ready,
  };
}

export function PodPage() {
  const t = useT();
  const { profile } = useSignedIn();
  const engine = useSyncEngine();
  const { shipments, hubs, warehouses, ready } = usePodData();
  const looks = useStatusLooks();
  const pending = usePendingMarks();
  const staff = profile.role === 'admin' || profile.role === 'tower_control';
  const myHub: Hub | undefined = hubs.find((h) => h.id === profile.hubId);
  const myCity = !staff && myHub ? podCityOfHub(myHub) : null;
  const cities = useMemo(() => podCities(shipments, hubs), [shipments, hubs]);
  // Spec 2.10: the selector for staff, with Semua Kota; a POD user has one city, shown as a badge.
  const selectable = staff ? cities : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const city = staff ? chosen : myCity;
  // A scanned surat jalan (issue 28) opens its shipment's tab, the card marked.
  const [params] = useSearchParams();
  const scanned = params.get(SCANNED_PARAM);
  const tabRow = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState<PodTab>(
    () => POD_TABS.find((p) => p.tab === params.get('tab'))?.tab ?? 'otw',
  );
  const actor = { userId: profile.userId, role: profile.role, hubId: profile.hubId };
  const [counting, setCounting] = useState<Counting | null>(null);

  const refresh = () => engine?.syncNow();
  // Each tab's shipments once, for its list and for the count on its tab (issue 41: as the hubs' tabs).
  const cityFilter = staff ? city : (myCity ?? '\u0000');
  const byTab = useMemo(
    () => new Map(POD_TABS.map(({ tab: name }) => [name, podGroups(shipments, hubs, name, cityFilter)])),
    [shipments, hubs, cityFilter],
  );

  const tabCounts = POD_TABS.map(({ tab: name }) =>
    (byTab.get(name) ?? []).reduce((sum, g) => sum + g.shipments.length, 0),
  );

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4 p-4 md:p-6" data-testid="pod-page">
      <ScreenHeader
        title={t('screens.pod')}
        alignEnd
        actions={
          staff || selectable.length > 1 ? (
            <div className="grid gap-1">
              <label htmlFor="pod-city" className="text-sm font-medium">
                {t('handover.pod.chooseCity')}
              </label>
              <Select
                value={chosen ?? ALL_VALUE}
                onValueChange={(v) => setChosen(v === ALL_VALUE ? null : v)}
              >
                <SelectTrigger id="pod-city" className="w-56" data-testid="pod-city-select">
                  <SelectValue placeholder={t('handover.pod.chooseCity')} />
                </SelectTrigger>
                <SelectContent>
                  {staff && <SelectItem value={ALL_VALUE}>{t('handover.pod.allCities')}</SelectItem>}
                  {selectable.map((c) => (
                    <SelectItem key={c} value={c}>
                      {c}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : (
            <Badge variant="primary" className="h-9 px-3 text-sm" data-testid="pod-city-badge">
              {myCity ?? '-'}
            </Badge>
          )
        }
      >
        <p className="text-sm text-muted-foreground">{t('handover.pod.description')}</p>
        <DataFreshness />
        <div className="flex flex-wrap gap-2 pt-2">
          <QrScannerButton />
          <VerifyDocumentLink />
        </div>
      </ScreenHeader>

      <RejectionsAlert />

      {/* min-w-0: the page's grid column never widens to the tabs' row; the row scrolls (TabRowFrame). */}
      <Tabs value={tab} onValueChange={(v) => setTab(v as PodTab)} className="min-w-0">
        <TabRowFrame
          row={tabRow}
          current={tab}
          counts={ready ? tabCounts.join(' ') : undefined}
          testId="pod-tabs-frame"
        >
          <TabsList ref={tabRow}>
            {POD_TABS.map(({ tab: name }, i) => (
              <TabsTrigger key={name} value={name} data-testid={`pod-tab-${name}`}>
                <span data-testid="pod-tab-label">{t(`handover.pod.tabs.${name}`)}</span>
                {/* A space for whoever reads the text: "OTW 2", not "OTW2". */}
                {ready && ' '}
                {ready && (
                  <span
                    className="min-w-7 rounded-full bg-primary px-2 text-center text-sm font-semibold text-primary-foreground tabular-nums"
                    data-testid="pod-tab-count"
                  >
                    {tabCounts[i]}
                  </span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
        </TabRowFrame>
        {POD_TABS.map(({ tab: name }) => (
          <TabsContent key={name} value={name} className="grid gap-4 pt-2">
            <PodTabContent
              tab={name}
              groups={byTab.get(name) ?? []}
              ready={ready}
              looks={looks}
              pending={pending}
              scanned={scanned}
              onRefresh={refresh}
              act={(s) => (
                <>
                  <ShipmentViewLink to={podShipmentViewPath(s.id)} batch={s.batch_number} />
                  <PodAction
                    tab={name}
                    shipment={s}
                    allowed={mayActForPodCity(actor, cityOf(s, hubs), hubs)}
                    warehouseLocation={(c) => warehouseForCity(warehouses, c)?.location ?? null}
                    city={cityOf(s, hubs)}
                    onCount={setCounting}
                  />
                </>
              )}
            />
            {/* Issue 41: where containers end, with what arrived and its marks. */}
            {name === 'unloading' && (
              <PodDoneList hubs={hubs} city={staff ? city : (myCity ?? '\u0000')} looks={looks} />
            )}
          </TabsContent>
        ))}
      </Tabs>
      {counting && <PodReceiptDialog counting={counting} onClose={() => setCounting(null)} />}
    </div>
  );
}

function PodTabContent({
  tab,
  groups,
  ready,
  looks,
  pending,
  scanned,
  onRefresh,
  act,
}: {
  tab: PodTab;
  groups: ReturnType<typeof podGroups>;
  ready: boolean;
  looks: ReturnType<typeof useStatusLooks>;
  pending: PendingMarks;
  scanned: string | null;
  onRefresh: () => void;
  act: (s: Shipment) => ReactNode;
}) {
  const t = useT();
  const all = groups.flatMap((g) => g.shipments);
  const { vehicles, containers } = useShipmentDetails(all);
  if (groups.length === 0 && !ready) {
    return <Skeleton className="h-32 w-full" data-testid={`pod-loading-${tab}`} />;
  }
  if (groups.length === 0) {
    return (
      <EmptyState testId={`pod-empty-${tab}`}>
        {t(`handover.pod.empty.${tab}`)}
        <Button variant="outline" onClick={onRefresh}>
          <RefreshCw aria-hidden="true" />
          {t('common.refreshData')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <>
      {groups.map((g) => (
        <section
          key={g.city}
          className="grid gap-2 rounded-xl border p-3"
          data-testid="pod-city-group"
          data-city={g.city}
        >
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            {g.city}
            <Badge variant="secondary" data-testid="pod-city-count">
              {g.shipments.length}
            </Badge>
          </h2>
          <ul className="grid gap-2">
            {g.shipments.map((s) => (
              <PodShipmentCard
                key={s.id}
                shipment={s}
                vehicle={vehicles.get(s.vehicle_id)}
                container={containers.get(s.id)}
                tab={tab}
                looks={looks}
                pending={pending}
                zone={zoneOfPlace(g.city)}
                scanned={s.id === scanned}
                action={act(s)}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
