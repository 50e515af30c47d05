revoke all on table public.stock_balances from anon, authenticated;

grant select on table public.stock_balances to authenticated;

grant all on table public.stock_balances to service_role;

create policy "Staff can read all stock balances and hub users those of their own warehouses"
  on public.stock_balances for select to authenticated
  using (
    (select public.is_staff())
    or warehouse_id = any ((select public.my_warehouse_ids())::uuid[])
  );
