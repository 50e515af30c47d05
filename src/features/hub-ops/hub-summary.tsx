// What a hub's screen shows above its tabs: today's dock times and the hub's discrepancies.
// The block stands from the first paint: the dock times as placeholders until the floor is
// read, and the whole block in the height this device last drew it at this width while the
// data is not there (held-height.tsx), so the tabs under it do not move when it arrives
// (issue 43: the tabs moved down 110 px on every start, under a gloved finger).
import { useMemo } from 'react';
import type { Hub } from '../../../sync/pure';
import { HeldHeight } from '../../components/held-height';
import { discrepanciesOfHub } from '../../lib/handover/discrepancies';
import { useDiscrepancies } from '../../lib/handover/use-discrepancies';
import type { HubRouteConfig } from '../../lib/hub-routes';
import type { TodayAverages } from './dock-times';
import { DockTimeSummary } from './dock-time-summary';
import { HubDiscrepancies } from './hub-discrepancies';

export function HubSummary({
  config,
  hub,
  hubsById,
  averages,
  inbound,
}: {
  config: HubRouteConfig;
  /** The page's hub; undefined while the hubs are not read. */
  hub: Hub | undefined;
  hubsById: ReadonlyMap<string, Hub>;
  /** Today's averages; undefined while the floor is not read. */
  averages: TodayAverages | undefined;
  inbound: boolean;
}) {
  const all = useDiscrepancies();
  const hubId = hub?.id;
  const rows = useMemo(() => (hubId ? discrepanciesOfHub(all.rows, hubId) : []), [all.rows, hubId]);
  const ready = !!hub && all.ready && averages !== undefined;
  return (
    <HeldHeight id={`hub-summary-${config.hubType}`} ready={ready} className="flex flex-col gap-4">
      <DockTimeSummary averages={averages} inbound={inbound} />
      {hub && all.ready && <HubDiscrepancies rows={rows} context={all} hubsById={hubsById} />}
    </HeldHeight>
  );
}
