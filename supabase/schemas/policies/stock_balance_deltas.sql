revoke all on table public.stock_balance_deltas from anon, authenticated;

grant all on table public.stock_balance_deltas to service_role;
