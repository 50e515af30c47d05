// Older history, read from the server on demand (issue 26). A device holds its
// working set: open shipments, those closed within the retention window and
// the ledger rows of that window. What lies before it is read here, online, a
// page at a time, from search_shipments and ledger_history
// (supabase/schemas/functions/older_history.sql), which read only what
// the signed-in user may read. The screens merge a page with what they hold,
// by id (a row both hold is the device's).
import type { InventoryRow, Shipment } from '../../sync/pure';
import { supabase } from './session/supabase';

export const OLDER_PAGE_SIZE = 50;

/** A shipment as search_shipments answers: its own fields, with its vehicle's, vendor's and container's names. */
export interface OlderShipment extends Pick<
  Shipment,
  | 'id'
  | 'batch_number'
  | 'status'
  | 'origin_hub_id'
  | 'destination_hub_id'
  | 'current_hub_id'
  | 'vehicle_id'
  | 'vendor_id'
  | 'smartboard_quantity'
  | 'bracket_quantity'
  | 'loading_date'
  | 'selesai_bongkar'
  | 'notes'
  | 'created_at'
  | 'updated_at'
> {
  license_plate: string | null;
  driver_name: string | null;
  ship_name: string | null;
  vendor_name: string | null;
  container_number: string | null;
  vessel_name: string | null;
}

/** The fields of a ledger row's shipment that the lists show and filter by. */
export interface RelatedShipment {
  status: string;
  origin_hub_id: string;
  destination_hub_id: string;
  notes: string | null;
}

/** A ledger row as ledger_history answers, with its shipment's fields (null without one). */
export interface OlderLedgerRow extends Omit<InventoryRow, 'deleted' | 'change_xid'> {
  shipment_status: string | null;
  shipment_origin_hub_id: string | null;
  shipment_destination_hub_id: string | null;
  shipment_notes: string | null;
}

export interface ShipmentSearch {
  query?: string;
  status?: string;
  originHubId?: string;
  destinationHubId?: string;
  /** Instants, [from, to). */
  from?: string;
  to?: string;
}

export interface LedgerSearch {
  hubId?: string;
  warehouseId?: string;
  /** yyyy-MM-dd, both inclusive. */
  from?: string;
  to?: string;
  status?: string;
  originHubId?: string;
  destinationHubId?: string;
  /**
   * Only what the devices do not hold for certain: rows dated up to the working set's cutoff
   * day, which the server knows (that day included; the screen merges by id).
   */
  beforeWindow?: boolean;
}

const orNull = (value: string | undefined) => (value ? value : null);

async function rpc<T>(fn: string, args: Record<string, unknown>): Promise<T[]> {
  const { data, error } = await supabase.rpc(fn, args);
  if (error) throw error;
  return (data ?? []) as T[];
}

/** One page of shipments, newest first; the next page starts after `after`. */
export function readOlderShipments(
  search: ShipmentSearch,
  after?: Pick<OlderShipment, 'id' | 'created_at'>,
  limit = OLDER_PAGE_SIZE,
): Promise<OlderShipment[]> {
  return rpc<OlderShipment>('search_shipments', {
    p_query: orNull(search.query?.trim()),
    p_status: orNull(search.status),
    p_origin_hub_id: orNull(search.originHubId),
    p_destination_hub_id: orNull(search.destinationHubId),
    p_from: orNull(search.from),
    p_to: orNull(search.to),
    p_before_created_at: after?.created_at ?? null,
    p_before_id: after?.id ?? null,
    p_limit: limit,
  });
}

/** One page of a hub's (or a warehouse's) ledger, newest first; the next page starts after `after`. */
export function readOlderLedger(
  search: LedgerSearch,
  after?: Pick<OlderLedgerRow, 'id' | 'date_recorded'>,
  limit = OLDER_PAGE_SIZE,
): Promise<OlderLedgerRow[]> {
  return rpc<OlderLedgerRow>('ledger_history', {
    p_hub_id: orNull(search.hubId),
    p_warehouse_id: orNull(search.warehouseId),
    p_from: orNull(search.from),
    p_to: orNull(search.to),
    p_status: orNull(search.status),
    p_origin_hub_id: orNull(search.originHubId),
    p_destination_hub_id: orNull(search.destinationHubId),
    p_before_window: search.beforeWindow ?? false,
    p_before_date: after?.date_recorded ?? null,
    p_before_id: after?.id ?? null,
    p_limit: limit,
  });
}

/** A server ledger row in the shape the lists show (a ledger row), and its shipment's fields. */
export function asInventoryRow(row: OlderLedgerRow): { row: InventoryRow; shipment: RelatedShipment | null } {
  const { shipment_status, shipment_origin_hub_id, shipment_destination_hub_id, shipment_notes, ...rest } =
    row;
  return {
    row: { ...rest, deleted: false, change_xid: '0' },
    shipment:
      shipment_status && shipment_origin_hub_id && shipment_destination_hub_id
        ? {
            status: shipment_status,
            origin_hub_id: shipment_origin_hub_id,
            destination_hub_id: shipment_destination_hub_id,
            notes: shipment_notes,
          }
        : null,
  };
}
