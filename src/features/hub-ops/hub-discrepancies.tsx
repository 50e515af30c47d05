// Issue 28 on a hub's screen: the discrepancies (selisih) of the shipments from and to this
// hub. Placeholder until the device's `discrepancies` collection exists (the list follows in
// the next commit); it renders nothing.
import type { Hub } from '../../../sync/pure';

export function HubDiscrepancies(_props: { hub: Hub; hubsById: ReadonlyMap<string, Hub> }) {
  return null;
}
