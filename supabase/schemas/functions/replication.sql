-- The replication columns every replicated table has, and the list of those tables.
--
-- Conventions for every table of the product:
--   * uuid primary keys with a server default, but a key made on the device is
--     accepted: commands create rows offline and must name them before they sync.
--   * the replication columns below.
--   * foreign keys are ON DELETE RESTRICT unless said otherwise: soft delete
--     (deleted = true) is the normal way to remove a row, and a hard delete of
--     something still referenced is a mistake the database refuses.
--   * names are trimmed and must not be blank; this is checked here rather than
--     trusted to the forms.

-- Replication columns: what every table that devices pull carries ------------
--
-- Devices keep an offline copy of the tables (RxDB) and pull changes by
-- checkpoint. Three columns make that pull correct:
--
--   updated_at  timestamptz  stamped here from the server clock on every write,
--                            so no device clock ever decides order (guarantee 11).
--   deleted     boolean      the soft-delete flag. Rows are not removed: a removed
--                            row cannot be pulled, so devices would keep it forever.
--   change_xid  xid8         the id of the transaction that last wrote the row,
--                            from pg_current_xact_id(). The pull reads
--                              (change_xid, id) > checkpoint
--                              and change_xid < pg_snapshot_xmin(pg_current_snapshot())
--                            so a row written by a transaction that is still open
--                            is never skipped, however late it commits (guarantee 6).
--                            A timestamp cursor cannot promise that: now() is the
--                            start of a transaction, not its commit.
--
-- The trigger below overwrites whatever the writer sent for updated_at and
-- change_xid; created_at is kept from the insert and can never change.
create or replace function public.stamp_replication_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.change_xid := pg_current_xact_id();
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  return new;
end;
$$;

comment on function public.stamp_replication_columns() is
  'Before insert/update on every replicated table: stamps updated_at from the server clock and change_xid with the writing transaction id (the pull position), and keeps created_at unchanged.';

-- A trigger function is never called directly; nobody needs execute on it.
revoke execute on function public.stamp_replication_columns() from public, anon, authenticated;

-- The tables the devices replicate: the handover's documents and discrepancies join them
-- after the shipments they belong to, and the stock balances right after the warehouses.
-- Issue 42: the TV units by serial come last (in stock at a hub, or on a shipment).
create or replace function public.replicated_tables()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['hubs', 'warehouses', 'stock_balances', 'profiles', 'shipment_statuses', 'vendors', 'vehicle_types',
               'vehicles', 'shipments', 'containers', 'inventory', 'shipment_documents', 'discrepancies',
               'tv_units']
$$;

comment on function public.replicated_tables() is 'The tables the offline clients replicate, in pull order.';

grant execute on function public.replicated_tables() to authenticated, service_role;
