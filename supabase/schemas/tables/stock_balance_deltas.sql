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

alter table public.stock_balance_deltas enable row level security;
