-- Indexes: for the pull, for the app's queries (spec 4.3, 7.2) and for the
-- columns the row-level security policies filter on. Foreign keys are not
-- indexed by Postgres on the referencing side; every one that is queried or
-- checked on delete of the parent gets one here.

-- The pull: (change_xid, id) > checkpoint, in that order, per table.
create index hubs_pull_idx              on public.hubs (change_xid, id);
create index warehouses_pull_idx        on public.warehouses (change_xid, id);
create index profiles_pull_idx          on public.profiles (change_xid, id);
create index shipment_statuses_pull_idx on public.shipment_statuses (change_xid, id);
create index vendors_pull_idx           on public.vendors (change_xid, id);
create index vehicle_types_pull_idx     on public.vehicle_types (change_xid, id);
create index vehicles_pull_idx          on public.vehicles (change_xid, id);
create index shipments_pull_idx         on public.shipments (change_xid, id);
create index containers_pull_idx        on public.containers (change_xid, id);
create index inventory_pull_idx         on public.inventory (change_xid, id);

-- warehouses by hub (hub tabs, RLS of warehouses and inventory).
create index warehouses_hub_id_idx on public.warehouses (hub_id);
-- POD completion finds the city's warehouse by location, case-insensitively.
create index warehouses_location_lower_idx on public.warehouses (lower(location));

-- profiles: user_id is unique already (the RLS helpers look it up); hub for the users screen.
create index profiles_hub_id_idx on public.profiles (hub_id);

-- vehicles: by vendor (vendor detail, queue dialog), by hub (ready/loading tabs, RLS).
create index vehicles_vendor_id_idx on public.vehicles (vendor_id, created_at desc);
create index vehicles_current_hub_id_idx on public.vehicles (current_hub_id) where is_active;
create index vehicles_vehicle_type_id_idx on public.vehicles (vehicle_type_id);

-- shipments: the hub tabs filter by status and destination or current hub,
-- newest first; RLS filters by origin, destination and current hub.
create index shipments_destination_status_idx on public.shipments (destination_hub_id, status, created_at desc);
create index shipments_current_hub_status_idx on public.shipments (current_hub_id, status, created_at desc);
create index shipments_origin_hub_id_idx on public.shipments (origin_hub_id);
-- status alone: the POD tabs (otw_%, confirm_tiba, sedang_bongkar) and is_shipment_status_used.
create index shipments_status_idx on public.shipments (status text_pattern_ops);
create index shipments_vehicle_id_idx on public.shipments (vehicle_id);
create index shipments_vendor_id_idx on public.shipments (vendor_id);
create index shipments_batch_number_idx on public.shipments (batch_number);
-- In transit (dashboard, in-transit screen): selesai_bongkar = false, by loading date.
create index shipments_in_transit_idx on public.shipments (loading_date desc) where not selesai_bongkar;

create index containers_shipment_id_idx on public.containers (shipment_id);

-- inventory: per warehouse newest first (hub activity, master page, RLS), by shipment.
create index inventory_warehouse_date_idx on public.inventory (warehouse_id, date_recorded desc);
create index inventory_shipment_id_idx on public.inventory (shipment_id);
create index inventory_batch_number_idx on public.inventory (batch_number);
