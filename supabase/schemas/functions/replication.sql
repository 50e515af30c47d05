-- Baseline of the schema, squashed on 2026-11-26 from the 28 migrations written
-- before the first deploy. Each function is defined once, in its current form.
-- From here on, new migrations are appended after these files; a file that has
-- been applied anywhere is never edited.
--
-- The files, in the order they apply:
--   20261126000000_baseline_tables.sql            replication columns; hubs, warehouses, profiles, statuses
--   20261126000100_baseline_operations_tables.sql vendors, vehicles, shipments, containers, inventory,
--                                                 commands; indexes
--   20261126000200_user_management.sql            profiles follow auth.users; there is always an admin
--   20261126000300_baseline_rls.sql               grants, row-level security, the storage bucket
--   20261126000400_status_procedures.sql          the status procedures of spec 7.3
--   20261126000500_baseline_sync.sql              the pull and the changes probe (docs/sync.md)
--   20261126000600_domain_rules.sql               the derivation rules the devices share
--   20261126000700_baseline_command_helpers.sql   refusals, payload readers, permission checks, look-ups
--   20261126000800_baseline_commands.sql          the command envelope: apply_commands
--   20261126000900_cmd_vehicle_queue.sql ... 20261126001500_cmd_warehouse_capacity.sql
--                                                 one file per command family (sync/commands/*.ts)
--   20261126001600_audit_trail.sql                the audit screen's reads
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
-- after the shipments they belong to. Moved here from 20261126003400_stock_balances.sql.
create or replace function public.replicated_tables()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['hubs', 'warehouses', 'stock_balances', 'profiles', 'shipment_statuses', 'vendors', 'vehicle_types',
               'vehicles', 'shipments', 'containers', 'inventory', 'shipment_documents', 'discrepancies']
$$;

comment on function public.replicated_tables() is 'The tables the offline clients replicate, in pull order.';

grant execute on function public.replicated_tables() to authenticated, service_role;
