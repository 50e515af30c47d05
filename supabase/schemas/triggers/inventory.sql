create trigger stamp_replication before insert or update on public.inventory
  for each row execute function public.stamp_replication_columns();

-- (A trigger with transition tables takes one event.)
create trigger stock_ledger_inserted after insert on public.inventory
  referencing new table as new_rows
  for each statement execute function public.stock_ledger_changed();

create trigger stock_ledger_updated after update on public.inventory
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.stock_ledger_changed();

create trigger stock_ledger_deleted after delete on public.inventory
  referencing old table as old_rows
  for each statement execute function public.stock_ledger_changed();
