// Schema migration strategies per collection, keyed by the version they lead
// to: { 1: (oldDoc) => newDoc }. Each schema change in schemas.ts raises the
// version and adds its strategy here (RxDB runs them on open), so rows already
// on a tablet survive an app update. Version 0 is the first release.
import type { MigrationStrategies } from 'rxdb';
import type { TableName } from '../model/rows';

export const MIGRATIONS: Partial<Record<TableName, MigrationStrategies>> = {
  // 1: hubs gain blind_count (issue 41); rows already on the tablet count as before.
  // 2: hubs gain serial_tracking (issue 42); rows already on the tablet track no serials.
  hubs: {
    1: (doc: Record<string, unknown>) => ({ ...doc, blind_count: doc.blind_count ?? false }),
    2: (doc: Record<string, unknown>) => ({ ...doc, serial_tracking: doc.serial_tracking ?? false }),
  },
  // 1: discrepancies gain serials (issue 42); rows already on the tablet name none.
  discrepancies: {
    1: (doc: Record<string, unknown>) => ({ ...doc, serials: doc.serials ?? [] }),
  },
  // 1: tv_units gain moved (remove_serials); the server's rows, pulled again since its
  // migration filled the flag, bring the true ones.
  tv_units: {
    1: (doc: Record<string, unknown>) => ({ ...doc, moved: doc.moved ?? false }),
  },
  // 1: warehouses gain capacity (issue 11); rows already on the tablet have none set.
  warehouses: {
    1: (doc: Record<string, unknown>) => ({ ...doc, capacity: doc.capacity ?? null }),
  },
};
