// The Siap Muat and Sedang Muat tabs (spec 2.9, 4.1, 4.3): the hub's queue in a
// list that fills the screen's height (issue 29, where spec 9 had a 400px box),
// Proses Muat, Keluarkan (in each card's overflow menu, away from the primary step; issue
// 29), Selesai Muat, each offering Urungkan for ten seconds; on the loading tab also the vehicles
// waiting for their shipping form, pinned above the list, and what left the hub
// and is still on its way, under it.
import { memo, type ComponentType, type ReactNode } from 'react';
import { ClipboardList, PackageCheck, Play, type LucideIcon } from 'lucide-react';
import type { Vehicle } from '../../../sync/pure';
import { ScrollArea } from '../../components/ui/scroll-area';
import { useSyncEngine } from '../../lib/sync-engine';
import { ActionButton } from '../../components/action-button';
import { DeparturesList } from './departures-list';
import { EmptyState } from '../../components/empty-state';
import { useT } from '../../lib/i18n';
import { useHubScope } from './hub-scope';
import { TitledSection } from '../../components/titled-section';
import { FAILURE } from './messages';
import { runWithUndo } from '../../lib/writes/undo-offer';
import { RowActionsMenu } from '../../components/row-actions-menu';
import { VehicleCard } from './vehicle-card';
import { useMountedAfterPaint } from '../../lib/hooks/use-mounted-after-paint';

/**
 * The queue's list: down to the bottom of the window (the tab's column gives it what is left,
 * at least 15rem), growing with its vehicles beyond that (issue 29; spec 9 had 400px).
 */
const QUEUE_LIST_CLASS = 'min-h-60 flex-1 rounded-lg border bg-muted/30';

/** One vehicle's card with what the hub knows of it (vendor, type, where it is, pending). */
function HubVehicleCard({ vehicle, actions }: { vehicle: Vehicle; actions: ReactNode }) {
  const { master, pending, now, hub } = useHubScope();
  return (
    <VehicleCard
      vehicle={vehicle}
      vendorName={master.vendorsById.get(vehicle.vendor_id)?.name}
      typeName={
        vehicle.vehicle_type_id ? master.vehicleTypesById.get(vehicle.vehicle_type_id)?.name : undefined
      }
      hubName={
        vehicle.current_hub_id && vehicle.current_hub_id !== hub?.id
          ? master.hubsById.get(vehicle.current_hub_id)?.name
          : undefined
      }
      pending={pending}
      now={now}
      actions={actions}
    />
  );
}

interface StepProps {
  icon: LucideIcon;
  label: string;
  onAction: () => Promise<void>;
}

/** A card's one step: its icon and words, busy while it runs. */
function StepAction({ icon: Icon, label, onAction }: StepProps) {
  return (
    <ActionButton onAction={onAction}>
      <Icon aria-hidden="true" />
      {label}
    </ActionButton>
  );
}

/**
 * A vehicle in the hub's queue (Siap Muat or Sedang Muat): its next step, and Keluarkan in
 * the card's overflow menu, never a tap away from the primary step (issue 29).
 */
function QueuedVehicleCard({ vehicle, primary }: { vehicle: Vehicle; primary: StepProps }) {
  return (
    <HubVehicleCard
      vehicle={vehicle}
      actions={
        <>
          <StepAction {...primary} />
          <RemoveFromQueue vehicle={vehicle} />
        </>
      }
    />
  );
}

/**
 * A queued vehicle with Proses Muat and Keluarkan. One component per row, memoized: a tap
 * re-renders the rows that changed, not the whole queue (issue 14, P3).
 */
const ReadyCard = memo(function ReadyCard({ vehicle: v }: { vehicle: Vehicle }) {
  const t = useT();
  const engine = useSyncEngine();
  const { hub, showTab } = useHubScope();
  if (!hub) return null;
  const payload = { hub_id: hub.id, vehicle_id: v.id };
  return (
    <QueuedVehicleCard
      vehicle={v}
      primary={{
        icon: Play,
        label: t('lib.commands.start_loading'),
        onAction: async () => {
          let moved = false;
          const done = await runWithUndo(engine, 'start_loading', payload, {
            success: t('hubOps.messages.toast.loadingStarted'),
            failure: () => t('hubOps.messages.failure.updateVehicleStatus'),
            // Sedang Muat with the vehicle in it, within the tap (issue 14, P3).
            onShown: () => {
              moved = true;
              showTab('loading');
            },
            // Urungkan: back to the queue, where the tap was made.
            onUndone: () => showTab('ready'),
          });
          // Not stored after all (the toast says why): back to the queue it is still in.
          if (!done.ok && moved) showTab('ready');
        },
      }}
    />
  );
});

function RemoveFromQueue({ vehicle }: { vehicle: Vehicle }) {
  const t = useT();
  const engine = useSyncEngine();
  const { hub } = useHubScope();
  return (
    <RowActionsMenu
      label={t('hubOps.queue.moreActions', { plate: vehicle.license_plate })}
      actions={[
        {
          label: t('hubOps.queue.remove'),
          destructive: true,
          onSelect: () =>
            void runWithUndo(
              engine,
              'remove_from_queue',
              { hub_id: hub!.id, vehicle_id: vehicle.id },
              {
                success: t('hubOps.messages.toast.removedFromQueue'),
                failure: () => t('hubOps.messages.failure.updateVehicleStatus'),
              },
            ),
        },
      ]}
    />
  );
}

/** A vehicle being loaded, with Selesai Muat and Keluarkan (memoized as ReadyCard). */
const LoadingCard = memo(function LoadingCard({ vehicle: v }: { vehicle: Vehicle }) {
  const t = useT();
  const engine = useSyncEngine();
  const { hub, open } = useHubScope();
  if (!hub) return null;
  return (
    <QueuedVehicleCard
      vehicle={v}
      primary={{
        icon: PackageCheck,
        label: t('lib.commands.finish_loading'),
        onAction: async () => {
          const done = await runWithUndo(
            engine,
            'finish_loading',
            { hub_id: hub.id, vehicle_id: v.id },
            { success: t('hubOps.messages.toast.loadingFinished'), failure: FAILURE.completeLoading },
          );
          if (done.ok) open({ kind: 'shipping', vehicleId: v.id });
        },
      }}
    />
  );
});

/**
 * A tab's vehicles in their scrolling list (a card each), or what the tab says when it has none;
 * while they are not read (`ready` false), the empty list, not a "none" that is not a fact.
 */
function QueueList({
  label,
  empty,
  testId,
  vehicles,
  ready,
  Card,
}: {
  label: string;
  empty: string;
  testId: string;
  vehicles: readonly Vehicle[];
  ready: boolean;
  Card: ComponentType<{ vehicle: Vehicle }>;
}) {
  return (
    <section aria-label={label} className="flex flex-1 flex-col" aria-busy={!ready}>
      <ScrollArea className={QUEUE_LIST_CLASS} data-testid="queue-scroll">
        {vehicles.length === 0 && !ready ? null : vehicles.length === 0 ? (
          <div className="p-3">
            <EmptyState>{empty}</EmptyState>
          </div>
        ) : (
          <ul className="grid gap-2 p-3" data-testid={testId}>
            {vehicles.map((v) => (
              <Card key={v.id} vehicle={v} />
            ))}
          </ul>
        )}
      </ScrollArea>
    </section>
  );
}

export function ReadyTab({ queued, ready }: { queued: readonly Vehicle[]; ready: boolean }) {
  const t = useT();
  const { hub } = useHubScope();
  if (!hub) return null;
  return (
    <QueueList
      label={t('hubOps.page.tabs.ready')}
      empty={t('hubOps.queue.readyEmpty')}
      testId="ready-list"
      vehicles={queued}
      ready={ready}
      Card={ReadyCard}
    />
  );
}

export function LoadingTab({
  loading,
  awaiting,
  ready,
}: {
  loading: readonly Vehicle[];
  awaiting: readonly Vehicle[];
  ready: boolean;
}) {
  const t = useT();
  const { hub, open } = useHubScope();
  // What left the hub mounts just after the tab's first frame: a tap on Proses Muat shows
  // its vehicle here first (issue 14, P3).
  const later = useMountedAfterPaint();
  if (!hub) return null;
  return (
    <div className="flex flex-1 flex-col gap-6">
      {/* Pinned first: a truck waiting for its form holds the dock until it is filled. */}
      {awaiting.length > 0 && (
        <TitledSection id="awaiting-form-title" title={t('hubOps.queue.awaitingTitle')}>
          <ul className="grid gap-2" data-testid="awaiting-form-list">
            {awaiting.map((v) => (
              <HubVehicleCard
                key={v.id}
                vehicle={v}
                actions={
                  <StepAction
                    icon={ClipboardList}
                    label={t('hubOps.queue.fillForm')}
                    onAction={async () => open({ kind: 'shipping', vehicleId: v.id })}
                  />
                }
              />
            ))}
          </ul>
        </TitledSection>
      )}

      <QueueList
        label={t('hubOps.page.tabs.loading')}
        empty={t('hubOps.queue.loadingEmpty')}
        testId="loading-list"
        vehicles={loading}
        ready={ready}
        Card={LoadingCard}
      />

      {later && <DeparturesList />}
    </div>
  );
}
