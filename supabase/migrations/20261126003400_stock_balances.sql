-- Issue 26: stock balances. The stock of a warehouse is the sum of its ledger
-- rows (public.inventory); every device used to add up every ledger row it held
-- to show it, so a screen's figure cost the whole history. Here the server keeps
-- the sum itself, one row per warehouse, replicated like the other tables
-- (docs/sync.md, "Stock balances").
--
-- Who keeps it: triggers on the ledger, so every command that writes ledger
-- rows (add_inventory, the shipping forms, complete_unloading, pod_complete,
-- and any command added later: a correction, a void, an undo) keeps the balance
-- in its own transaction without a line of its own. A soft delete (deleted =
-- true) takes the row out of the sum; a hard delete, a change of quantity or of
-- warehouse move it likewise.
--
-- Lock order (the soak runs ten tablets at once): the ledger's triggers do not
-- touch the balance. They add each statement's change to a per-transaction delta
-- (stock_balance_deltas, keyed by the transaction id and the warehouse: rows of
-- this transaction only, so no one else ever waits on them), and a deferred
-- constraint trigger applies the deltas when the transaction commits, every
-- warehouse of it in warehouse-id order. A transaction therefore takes balance
-- locks only at its very end, after every other lock it takes, holds them for
-- the moment of its commit, and takes them in one global order: waiting for a
-- balance never closes a cycle with the shipment, vehicle or warehouse locks the
-- cmd_* functions take, nor with another commit's balances. (Updating the
-- balance at each ledger write would hold the busiest row of a hub, its first
-- warehouse's balance, for the rest of a 100-command batch, and lock two
-- warehouses in whatever order the commands came.) A command rejected inside
-- apply_commands rolls back its subtransaction, and its deltas with it.
--
-- The invariant (tests/integration/stock-balances.test.ts, the soak's checker):
-- after every commit, each warehouse's balance equals the sum of its live
-- ledger rows. Inside a transaction that moved stock, stock_on_hand() is the
-- balance plus what the transaction has not applied yet.

create table public.stock_balances (
  -- The warehouse's id: one balance per warehouse, pulled by (change_xid, id) like every table.
  id uuid primary key references public.warehouses (id) on delete cascade,
  warehouse_id uuid not null unique references public.warehouses (id) on delete cascade,
  smartboard_quantity integer not null default 0,
  bracket_quantity integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  constraint stock_balances_id_is_warehouse check (id = warehouse_id)
);
comment on table public.stock_balances is
  'Each warehouse''s stock on hand: the sum of its live inventory rows, kept by triggers on public.inventory at commit (20261126003400_stock_balances.sql).';
comment on column public.stock_balances.id is 'The warehouse''s id (one balance per warehouse).';
comment on column public.stock_balances.smartboard_quantity is 'Smartboard TVs on hand: the sum of the warehouse''s live inventory rows.';
comment on column public.stock_balances.bracket_quantity is 'Brackets on hand: the sum of the warehouse''s live inventory rows.';
comment on column public.stock_balances.updated_at is
  'Server clock at the last write, stamped by trigger stamp_replication; a writer''s own value is ignored.';
comment on column public.stock_balances.deleted is 'Never set: a balance leaves with its warehouse.';
comment on column public.stock_balances.change_xid is
  'Pull position: id of the transaction that last wrote the row (pg_current_xact_id(), by trigger). Pull by (change_xid, id) below pg_snapshot_xmin(pg_current_snapshot()).';

create trigger stamp_replication before insert or update on public.stock_balances
  for each row execute function public.stamp_replication_columns();
create index stock_balances_pull_idx on public.stock_balances (change_xid, id);

-- What a transaction has moved and not yet applied to the balances.
create table public.stock_balance_deltas (
  xid xid8 not null default pg_current_xact_id(),
  warehouse_id uuid not null,
  smartboard_quantity bigint not null default 0,
  bracket_quantity bigint not null default 0,
  primary key (xid, warehouse_id)
);
comment on table public.stock_balance_deltas is
  'Per transaction and warehouse, the stock its ledger writes moved and the commit has not yet applied to stock_balances. Empty outside a running transaction.';

-- Read like the ledger: staff every balance, a hub user its own warehouses'.
alter table public.stock_balances enable row level security;
alter table public.stock_balance_deltas enable row level security;
revoke all on table public.stock_balances, public.stock_balance_deltas from anon, authenticated;
grant select on table public.stock_balances to authenticated;
grant all on table public.stock_balances, public.stock_balance_deltas to service_role;
create policy "Staff can read all stock balances and hub users those of their own warehouses"
  on public.stock_balances for select to authenticated
  using (
    (select public.is_staff())
    or warehouse_id = any ((select public.my_warehouse_ids())::uuid[])
  );
-- stock_balance_deltas: no policy, no grant; only the triggers below (security definer) use it.

-- Statement triggers on the ledger: what a statement's rows moved (their old versions
-- out, their new ones in), one sum per warehouse, added to this transaction's delta. By
-- statement, with its transition tables, so a bulk insert (a seed of 50,000 rows) adds one
-- delta per warehouse instead of updating the same delta row once per ledger row.
create or replace function public.stock_ledger_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.stock_balance_deltas as d (warehouse_id, smartboard_quantity, bracket_quantity)
    select n.warehouse_id, sum(n.smartboard_quantity), sum(n.bracket_quantity)
    from new_rows n where not n.deleted
    group by n.warehouse_id
    having sum(n.smartboard_quantity) <> 0 or sum(n.bracket_quantity) <> 0
    on conflict (xid, warehouse_id) do update
      set smartboard_quantity = d.smartboard_quantity + excluded.smartboard_quantity,
          bracket_quantity = d.bracket_quantity + excluded.bracket_quantity;
  elsif tg_op = 'UPDATE' then
    insert into public.stock_balance_deltas as d (warehouse_id, smartboard_quantity, bracket_quantity)
    select m.warehouse_id, sum(m.tv), sum(m.br)
    from (select o.warehouse_id, -o.smartboard_quantity as tv, -o.bracket_quantity as br from old_rows o where not o.deleted
          union all
          select n.warehouse_id, n.smartboard_quantity, n.bracket_quantity from new_rows n where not n.deleted) m
    group by m.warehouse_id
    having sum(m.tv) <> 0 or sum(m.br) <> 0
    on conflict (xid, warehouse_id) do update
      set smartboard_quantity = d.smartboard_quantity + excluded.smartboard_quantity,
          bracket_quantity = d.bracket_quantity + excluded.bracket_quantity;
  else
    insert into public.stock_balance_deltas as d (warehouse_id, smartboard_quantity, bracket_quantity)
    select o.warehouse_id, -sum(o.smartboard_quantity), -sum(o.bracket_quantity)
    from old_rows o where not o.deleted
    group by o.warehouse_id
    having sum(o.smartboard_quantity) <> 0 or sum(o.bracket_quantity) <> 0
    on conflict (xid, warehouse_id) do update
      set smartboard_quantity = d.smartboard_quantity + excluded.smartboard_quantity,
          bracket_quantity = d.bracket_quantity + excluded.bracket_quantity;
  end if;
  return null;
end;
$$;
comment on function public.stock_ledger_changed() is
  'After each statement writing inventory rows: adds what they moved (old versions out, new ones in), per warehouse, to this transaction''s stock_balance_deltas.';

-- (A trigger with transition tables takes one event.)
create trigger stock_ledger_inserted after insert on public.inventory
  referencing new table as new_rows
  for each statement execute function public.stock_ledger_changed();
create trigger stock_ledger_updated after update on public.inventory
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.stock_ledger_changed();
create trigger stock_ledger_deleted after delete on public.inventory
  referencing old table as old_rows
  for each statement execute function public.stock_ledger_changed();

-- At commit (deferred constraint trigger, once per warehouse a transaction
-- moved): applies every delta of this transaction, in warehouse-id order. The
-- first firing applies them all; the later ones find nothing left.
create or replace function public.stock_balances_apply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  d record;
begin
  for d in
    select x.warehouse_id, sum(x.smartboard_quantity)::integer as tv, sum(x.bracket_quantity)::integer as br
    from public.stock_balance_deltas x
    where x.xid = pg_current_xact_id()
    group by x.warehouse_id
    order by x.warehouse_id
  loop
    if d.tv <> 0 or d.br <> 0 then
      insert into public.stock_balances as b (id, warehouse_id, smartboard_quantity, bracket_quantity)
      values (d.warehouse_id, d.warehouse_id, d.tv, d.br)
      on conflict (id) do update
        set smartboard_quantity = b.smartboard_quantity + excluded.smartboard_quantity,
            bracket_quantity = b.bracket_quantity + excluded.bracket_quantity;
    end if;
  end loop;
  delete from public.stock_balance_deltas x where x.xid = pg_current_xact_id();
  return null;
end;
$$;
comment on function public.stock_balances_apply() is
  'At commit: applies this transaction''s stock_balance_deltas to stock_balances, in warehouse-id order (one lock order for every transaction), and clears them.';

create constraint trigger stock_balances_apply after insert on public.stock_balance_deltas
  deferrable initially deferred
  for each row execute function public.stock_balances_apply();

-- Every warehouse has its balance from its first moment (0 and 0), so a commit
-- only ever updates one: its insert would check the warehouse's key and could
-- wait on a lock another transaction holds on the warehouse.
create or replace function public.stock_balance_for_new_warehouse()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.stock_balances (id, warehouse_id) values (new.id, new.id) on conflict (id) do nothing;
  return null;
end;
$$;
create trigger stock_balance_for_new_warehouse after insert on public.warehouses
  for each row execute function public.stock_balance_for_new_warehouse();

revoke execute on function public.stock_ledger_changed(), public.stock_balances_apply(),
  public.stock_balance_for_new_warehouse() from public, anon, authenticated;

-- A warehouse's stock on hand as this transaction sees it: the committed balance
-- plus what this transaction moved and has not applied yet. For a command that
-- checks stock (e.g. a shipment may not take out more than the warehouse holds);
-- outside such a transaction it is the balance.
create or replace function public.stock_on_hand(p_warehouse_id uuid, out smartboard_quantity integer, out bracket_quantity integer)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select b.smartboard_quantity from public.stock_balances b where b.id = p_warehouse_id), 0)
           + coalesce((select sum(d.smartboard_quantity)::integer from public.stock_balance_deltas d
                       where d.xid = pg_current_xact_id_if_assigned() and d.warehouse_id = p_warehouse_id), 0),
         coalesce((select b.bracket_quantity from public.stock_balances b where b.id = p_warehouse_id), 0)
           + coalesce((select sum(d.bracket_quantity)::integer from public.stock_balance_deltas d
                       where d.xid = pg_current_xact_id_if_assigned() and d.warehouse_id = p_warehouse_id), 0)
$$;
comment on function public.stock_on_hand(uuid) is
  'A warehouse''s stock (TV, bracket) as the calling transaction sees it: its balance plus the ledger writes of this transaction not yet applied (they are at commit).';
revoke execute on function public.stock_on_hand(uuid) from public, anon, authenticated;
grant execute on function public.stock_on_hand(uuid) to service_role;

-- Backfill: every warehouse, with the sum of its live ledger rows.
insert into public.stock_balances (id, warehouse_id, smartboard_quantity, bracket_quantity)
select w.id, w.id,
       coalesce((select sum(i.smartboard_quantity) from public.inventory i where i.warehouse_id = w.id and not i.deleted), 0),
       coalesce((select sum(i.bracket_quantity) from public.inventory i where i.warehouse_id = w.id and not i.deleted), 0)
from public.warehouses w
on conflict (id) do nothing;

-- stock_balances joined the replicated tables right after the warehouses (a screen's stock
-- figures need only these two small tables): public.replicated_tables() is now in
-- 20261126004000_handover_tables.sql.
