-- replication stamps ----------------------------------------------------------------
create trigger stamp_replication before insert or update on public.vendors
  for each row execute function public.stamp_replication_columns();
