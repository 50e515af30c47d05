create constraint trigger stock_balances_apply after insert on public.stock_balance_deltas
  deferrable initially deferred
  for each row execute function public.stock_balances_apply();
