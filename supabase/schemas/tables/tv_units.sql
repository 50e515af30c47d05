-- tv_units ------------------------------------------------------------------------
-- Issue 42: every smartboard TV by its serial number, at a hub that tracks serials
-- (hubs.serial_tracking). One row a unit, where it is now; its history is
-- public.tv_unit_events. Written only by the commands (register_serials, remove_serials, the shipping forms,
-- undo_command, void_shipment: functions/cmd_serials.sql; the receipt by serial of
-- complete_unloading and pod_complete: functions/cmd_serials_receipt.sql); replicated to the
-- devices like the other tables (public.replicated_tables), the units in stock and on the way
-- and those of a shipment of the working set (functions/working_set.sql). Dermaga's custody of
-- a TV ends at the POD: a unit received there is 'delivered' (at the POD hub, naming the
-- shipment it came on), so it leaves the devices with that shipment instead of staying in stock
-- for ever.
create table public.tv_units (
  id uuid primary key default gen_random_uuid(),
  serial text not null
    constraint tv_units_serial_normal check (serial ~ '^[A-Z0-9][A-Z0-9_/.-]{2,63}$'),
  state text not null
    constraint tv_units_state_known check (state in ('in_stock', 'in_transit', 'missing', 'damaged', 'delivered')),
  hub_id uuid references public.hubs (id) on delete restrict,
  shipment_id uuid references public.shipments (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- Loaded on a shipment since it was registered (cmd_serials_load): remove_serials refuses it.
  moved boolean not null default false,
  -- In stock: at a hub, on no shipment. On the way: on a shipment, at no hub. Damaged and
  -- delivered: at a hub.
  constraint tv_units_place check (
    (state <> 'in_stock' or (hub_id is not null and shipment_id is null))
    and (state <> 'in_transit' or (shipment_id is not null and hub_id is null))
    and (state <> 'damaged' or hub_id is not null)
    and (state <> 'delivered' or hub_id is not null))
);

comment on table public.tv_units is
  'Issue 42: a smartboard TV by its serial number and where it is now (in stock at a hub, on the way on a shipment, missing, damaged at a hub, or delivered to a POD: the end of Dermaga''s custody). Written by the commands only; its history is tv_unit_events.';

comment on column public.tv_units.serial is
  'The serial''s one form (public.cmd_serial_normal; sync/domain/serials.ts normalizeSerial): upper case, 3 to 64 letters, digits or - _ / ., unique across the company''s live units (tv_units_serial_live_key; a unit removed by remove_serials frees its serial).';

comment on column public.tv_units.state is
  'in_stock (at hub_id), in_transit (on the open shipment shipment_id), missing (not found at a receipt; shipment_id the last shipment, hub_id null), damaged (arrived damaged: at hub_id, the receiving hub; shipment_id the shipment it came on), delivered (received whole at a POD by pod_complete: at hub_id, the POD hub; shipment_id the shipment it came on; nothing leaves a POD).';

comment on column public.tv_units.hub_id is 'The hub holding the unit while in_stock or damaged, the POD hub it was delivered to; null otherwise.';

comment on column public.tv_units.shipment_id is
  'The open shipment carrying the unit while in_transit; the last shipment when missing, damaged or delivered; null in stock.';

comment on column public.tv_units.moved is
  'The unit has been loaded on a shipment since it was registered (cmd_serials_load): a real TV, which remove_serials refuses (serial.removeMoved). The devices hold it, so they offer the removal only for units that never moved.';

comment on column public.tv_units.updated_at is
  'Server clock at the last write, stamped by trigger stamp_replication; a writer''s own value is ignored.';

comment on column public.tv_units.deleted is
  'Soft delete (remove_serials: a serial registered by mistake, taken back in stock): the row stays so devices pull the deletion and its history keeps its unit; readers filter it out.';

comment on column public.tv_units.change_xid is
  'Pull position: id of the transaction that last wrote the row (pg_current_xact_id(), by trigger). Pull by (change_xid, id) below pg_snapshot_xmin(pg_current_snapshot()).';

-- A serial is unique among the live units (a unit removed by remove_serials, a serial
-- registered by mistake, frees it: functions/cmd_serials_remove.sql); the look-ups by serial.
create unique index tv_units_serial_live_key on public.tv_units (serial) where not deleted;

-- A serial's removed units (tv_unit_path, for a serial taken back and not registered again).
create index tv_units_serial_removed_idx on public.tv_units (serial) where deleted;

-- The pull: (change_xid, id) > checkpoint, in that order (changed_tables' probe).
create index tv_units_pull_idx on public.tv_units (change_xid, id);

-- The working set's pull (units in stock or on the way; functions/working_set.sql): the same
-- order over the live units only, so a pull costs what the set costs, not the history. (A
-- missing, damaged or delivered unit is in the set through its shipment: tv_units_shipment_id_idx.)
create index tv_units_live_pull_idx on public.tv_units (change_xid, id)
  where state in ('in_stock', 'in_transit') and not deleted;

-- The units removed in stock (remove_serials), by when: the working set sends each as a
-- tombstone for the window only, so removals do not pile up in the pull.
create index tv_units_removed_pull_idx on public.tv_units (updated_at)
  where deleted and state = 'in_stock';

-- A hub's stock by serial (read policy, the scanner) and a shipment's units (its load, void,
-- receipt, undo, and the working set's units of a shipment).
create index tv_units_hub_id_idx on public.tv_units (hub_id) where hub_id is not null;

create index tv_units_shipment_id_idx on public.tv_units (shipment_id) where shipment_id is not null;

alter table public.tv_units enable row level security;
