create trigger stamp_replication before insert or update on public.tv_units
  for each row execute function public.stamp_replication_columns();
