// A hub's operations screen (spec 2.9): /{hubSlug}/{tabSlug}. Everything it
// shows comes from reactive queries of the sync engine's local view and every
// action is a command, so the whole floor works with no signal.
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { hubPath, type HubRouteConfig, type TabSlug } from '../../lib/hub-routes';
import { useT } from '../../lib/i18n';
import { useNow } from '../../lib/hooks/use-now';
import { useRxQuery } from '../../lib/hooks/use-rx-query';
import { useSignedIn } from '../../lib/session/session';
import { cyclesOfToday, todayAverages } from './dock-times';
import { HubDialogs } from './hub-dialogs';
import { HubHeader, HubTabs } from './hub-page-parts';
import { HubSummary } from './hub-summary';
import { doneShipments } from './hub-queries';
import { floorHubId, isSeaHub } from './hub-resolution';
import { HubScopeContext, type HubDialog, type HubScope } from './hub-scope';
import { RejectionsAlert } from '../../components/rejections-alert';
import { ShipmentTab } from './shipment-tab';
import { useMasterData, useResolvedHub } from './use-master-data';
import { usePendingMarks } from '../../lib/use-outbox';
import { useDeparturesToday, useHubFloor } from './use-hub-vehicles';
import { useTabCounts } from './use-tab-counts';
import { LoadingTab, ReadyTab } from './vehicle-queue-tab';

export function HubOperationsPage({ hub: config, tab }: { hub: HubRouteConfig; tab: TabSlug }) {
  const t = useT();
  const master = useMasterData();
  const hub = useResolvedHub(master, config.hubType);
  const { profile } = useSignedIn();
  // On a hub tablet the floor's reads start from its profile's hub, alongside the hubs' read.
  const hubId = floorHubId(master.ready, hub, profile, config.hubType);
  const pending = usePendingMarks();
  const now = useNow(30_000);
  const [dialog, setDialog] = useState<HubDialog | null>(null);

  // The tab on screen: the URL's, except between a tap that moves to another tab and the
  // route change that follows it in the next task (showTab). Any route change after the tap
  // (that move's or another) gives the URL the say again: the move is kept with the location
  // it was made at, so it holds even when route changes render together (a tab tapped right
  // after, both navigations in one transition) and the URL's tab never changed on screen.
  const navigate = useNavigate();
  const location = useLocation();
  const locationKey = useRef(location.key);
  useLayoutEffect(() => {
    locationKey.current = location.key;
  }, [location.key]);
  const [moving, setMoving] = useState<{ tab: TabSlug; at: string } | null>(null);
  const shown = moving && moving.at === location.key ? moving.tab : tab;
  const showTab = useCallback(
    (to: TabSlug) => {
      flushSync(() => setMoving({ tab: to, at: locationKey.current }));
      setTimeout(() => navigate(hubPath(config.slug, to)), 0);
    },
    [navigate, config.slug],
  );

  const floor = useHubFloor(hubId);
  const counts = useTabCounts(hubId, config, floor);
  const inbound = config.tabs.includes('otw');
  const done = useRxQuery('shipments', hubId && inbound ? doneShipments(hubId) : null);
  // Today's averages are not what a tap shows: they follow in a render of their own just after
  // it (deferred values keep the previous rows during the tap's synchronous render), so a tap
  // does not wait for them to be computed again over every vehicle and shipment (issue 14, P3).
  const cycledHere = useDeferredValue(floor.cycledHere);
  // Issue 41: every truck that left today counts, whatever became of it since.
  const departures = useDeferredValue(useDeparturesToday(hubId, now));
  const doneRows = useDeferredValue(done.rows);
  const averagesRead = useDeferredValue(floor.ready && (!inbound || done.ready));
  const averages = useMemo(
    () =>
      averagesRead && hubId
        ? todayAverages(cyclesOfToday(cycledHere, departures, hubId, now), doneRows, now)
        : undefined,
    [averagesRead, cycledHere, departures, hubId, doneRows, now],
  );

  const scope = useMemo<HubScope>(
    () => ({ config, hub, master, pending, now, open: setDialog, showTab }),
    [config, hub, master, pending, now, showTab],
  );
  const closeDialog = useCallback(() => setDialog(null), []);
  const canAdd = !!hub;
  const sea = isSeaHub(config.hubType);

  return (
    <HubScopeContext.Provider value={scope}>
      {/* A column down to the bottom of the window: the queue's list fills what the header,
          the summary and the tabs leave (issue 29). */}
      <div
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-4 p-4 md:p-6"
        data-testid="hub-operations"
        data-hub-id={hub?.id ?? ''}
      >
        <HubHeader
          title={t(`hubOps.page.titles.${config.hubType}`)}
          place={
            hub ? (hub.city ?? hub.name) : hubId && profile.hub ? (profile.hub.city ?? profile.hub.name) : '-'
          }
          sea={sea}
          canAdd={canAdd}
          inbound={inbound}
          open={setDialog}
        />

        {!hub && master.ready && (
          <Alert data-testid="hub-unresolved">
            <AlertDescription>{t('hubOps.messages.hubUnresolved')}</AlertDescription>
          </Alert>
        )}
        <RejectionsAlert />
        {(hub || !master.ready) && (
          <HubSummary
            config={config}
            hub={hub}
            hubsById={master.hubsById}
            averages={averages}
            inbound={inbound}
          />
        )}

        <HubTabs config={config} shown={shown} counts={counts} />

        <div className="flex flex-1 flex-col" data-testid={`tab-${shown}`}>
          {/* Both queue tabs stay mounted, the other one hidden: Proses Muat moves one card
              from one list to the other, and switching tabs only shows what is there
              (issue 14, P3). */}
          {(shown === 'ready' || shown === 'loading') && (
            <>
              <div className="flex flex-1 flex-col" hidden={shown !== 'ready'}>
                <ReadyTab queued={floor.queued} ready={floor.ready} />
              </div>
              <div className="flex flex-1 flex-col" hidden={shown !== 'loading'}>
                <LoadingTab loading={floor.loading} awaiting={floor.awaiting} ready={floor.ready} />
              </div>
            </>
          )}
          {(shown === 'otw' || shown === 'arrival' || shown === 'unloading') && <ShipmentTab tab={shown} />}
        </div>
      </div>
      <HubDialogs dialog={dialog} onClose={closeDialog} />
    </HubScopeContext.Provider>
  );
}
