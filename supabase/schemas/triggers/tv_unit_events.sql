-- Issue 42: a unit's history is never rewritten, by anyone (service_role and the owner too).
create trigger tv_unit_events_no_rewrite before update or delete on public.tv_unit_events
  for each row execute function public.tv_unit_events_refuse_rewrite();

create trigger tv_unit_events_no_truncate before truncate on public.tv_unit_events
  for each statement execute function public.tv_unit_events_refuse_rewrite();
