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
  'Each warehouse''s stock on hand: the sum of its live inventory rows, kept by triggers on public.inventory at commit (functions/stock_balances.sql).';

comment on column public.stock_balances.id is 'The warehouse''s id (one balance per warehouse).';

comment on column public.stock_balances.smartboard_quantity is 'Smartboard TVs on hand: the sum of the warehouse''s live inventory rows.';

comment on column public.stock_balances.bracket_quantity is 'Brackets on hand: the sum of the warehouse''s live inventory rows.';

comment on column public.stock_balances.updated_at is
  'Server clock at the last write, stamped by trigger stamp_replication; a writer''s own value is ignored.';

comment on column public.stock_balances.deleted is 'Never set: a balance leaves with its warehouse.';

comment on column public.stock_balances.change_xid is
  'Pull position: id of the transaction that last wrote the row (pg_current_xact_id(), by trigger). Pull by (change_xid, id) below pg_snapshot_xmin(pg_current_snapshot()).';

create index stock_balances_pull_idx on public.stock_balances (change_xid, id);

-- Read like the ledger: staff every balance, a hub user its own warehouses'.
alter table public.stock_balances enable row level security;
