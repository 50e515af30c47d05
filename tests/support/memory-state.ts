// Local state held in memory: the StateReader for predictions outside RxDB
// (the parity test and the prediction unit tests). Test support: the product reads RxDB.
import type { StateReader, Change } from '../../sync/commands/types';
import type { TableName, Tables } from '../../sync/model/rows';

export class MemoryState implements StateReader {
  private readonly tables = new Map<TableName, Map<string, Tables[TableName]>>();

  constructor(rows: Partial<{ [T in TableName]: Tables[T][] }> = {}) {
    for (const [table, list] of Object.entries(rows) as [TableName, Tables[TableName][]][]) {
      for (const row of list) this.put(table, row);
    }
  }

  private table<T extends TableName>(table: T): Map<string, Tables[T]> {
    let map = this.tables.get(table);
    if (!map) this.tables.set(table, (map = new Map()));
    return map as Map<string, Tables[T]>;
  }

  put<T extends TableName>(table: T, row: Tables[T]): void {
    this.table(table).set(row.id, row);
  }

  apply(changes: Change[]): void {
    for (const change of changes) this.put(change.table, change.row);
  }

  async get<T extends TableName>(table: T, id: string): Promise<Tables[T] | undefined> {
    return this.table(table).get(id);
  }

  async all<T extends 'hubs' | 'warehouses' | 'vendors' | 'vehicle_types' | 'shipment_statuses'>(
    table: T,
  ): Promise<Tables[T][]> {
    return [...this.table(table).values()];
  }

  async vehiclesOf(vendorId: string): Promise<Tables['vehicles'][]> {
    return [...this.table('vehicles').values()].filter((v) => v.vendor_id === vendorId);
  }

  async inventoryOf(warehouseId: string): Promise<Tables['inventory'][]> {
    return [...this.table('inventory').values()].filter((r) => r.warehouse_id === warehouseId && !r.deleted);
  }

  async shipmentsWithBatch(batchNumber: string): Promise<Tables['shipments'][]> {
    return [...this.table('shipments').values()].filter((s) => s.batch_number === batchNumber && !s.deleted);
  }

  async unitsWithSerials(serials: readonly string[]): Promise<Tables['tv_units'][]> {
    const wanted = new Set(serials);
    return [...this.table('tv_units').values()].filter((u) => wanted.has(u.serial) && !u.deleted);
  }

  async unitsOfShipment(shipmentId: string): Promise<Tables['tv_units'][]> {
    return [...this.table('tv_units').values()].filter(
      (u) => u.state === 'in_transit' && u.shipment_id === shipmentId && !u.deleted,
    );
  }

  rows<T extends TableName>(table: T): Tables[T][] {
    return [...this.table(table).values()];
  }
}
