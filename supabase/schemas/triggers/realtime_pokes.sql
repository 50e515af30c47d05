do $$
declare
  tbl text;
begin
  foreach tbl in array public.replicated_tables() loop
    execute format('drop trigger if exists poke_on_insert on public.%I', tbl);
    execute format('drop trigger if exists poke_on_update on public.%I', tbl);
    execute format('drop trigger if exists poke_on_delete on public.%I', tbl);
    execute format(
      'create trigger poke_on_insert after insert on public.%I referencing new table as new_rows
       for each statement execute function public.poke_changed_scopes()', tbl);
    execute format(
      'create trigger poke_on_update after update on public.%I referencing old table as old_rows new table as new_rows
       for each statement execute function public.poke_changed_scopes()', tbl);
    execute format(
      'create trigger poke_on_delete after delete on public.%I referencing old table as old_rows
       for each statement execute function public.poke_changed_scopes()', tbl);
  end loop;
end
$$;
