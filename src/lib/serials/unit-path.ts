// Find a unit (issue 42): a TV's whole path by its serial number, read from the server on
// demand (public.tv_unit_path, supabase/schemas/functions/cmd_serials.sql): each hub, each
// shipment, who handed it over and when. The server answers only what the signed-in user may
// read (a hub user: a unit that is or was at one of its hubs), and null for a serial it does
// not know or does not show. Offline the unit page shows what this tablet holds instead
// (the local tv_units row).
import { supabase } from '../session/supabase';

/** Where a unit is; 'removed': a serial taken back (remove_serials) and not registered again. */
export type UnitState = 'in_stock' | 'in_transit' | 'missing' | 'damaged' | 'delivered' | 'removed';
export type UnitEventKind =
  | 'registered'
  | 'loaded'
  | 'returned'
  | 'received'
  | 'damaged'
  | 'missing'
  | 'unexpected'
  | 'undone'
  | 'delivered'
  | 'removed';

export interface UnitEvent {
  kind: UnitEventKind;
  at: string;
  hub_id: string | null;
  hub_name: string | null;
  shipment_id: string | null;
  batch_number: string | null;
  origin_hub_name: string | null;
  destination_hub_name: string | null;
  by: string | null;
}

export interface UnitPath {
  serial: string;
  state: UnitState;
  hub_id: string | null;
  hub_name: string | null;
  shipment_id: string | null;
  events: UnitEvent[];
}

/** The unit's path, or null when the server knows no such unit (or does not show it to this user). */
export async function readUnitPath(serial: string): Promise<UnitPath | null> {
  const { data, error } = await supabase.rpc('tv_unit_path', { p_serial: serial });
  if (error) throw error;
  return (data as UnitPath | null) ?? null;
}
