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

revoke execute on function public.stock_ledger_changed() from public, anon, authenticated;

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

revoke execute on function public.stock_balances_apply() from public, anon, authenticated;

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

revoke execute on function public.stock_balance_for_new_warehouse() from public, anon, authenticated;

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
