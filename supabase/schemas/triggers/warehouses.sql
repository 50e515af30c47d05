create trigger stamp_replication before insert or update on public.warehouses
  for each row execute function public.stamp_replication_columns();

create trigger stock_balance_for_new_warehouse after insert on public.warehouses
  for each row execute function public.stock_balance_for_new_warehouse();
