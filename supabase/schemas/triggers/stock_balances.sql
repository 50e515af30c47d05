create trigger stamp_replication before insert or update on public.stock_balances
  for each row execute function public.stamp_replication_columns();
