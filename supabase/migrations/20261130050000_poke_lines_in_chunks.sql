-- Issue 43, P2: the Realtime poke trigger made cheaper inside apply_commands.
-- 1. Its INSERT and DELETE queries read the rows from a subquery that the planner pulled up,
--    and poke_fields (inlined) reads ten fields of each, so to_jsonb ran ten times a row. Each
--    subquery is fenced now (offset 0).
-- 2. The held lines go in chunks of about 2 KB (dermaga.poke_rows, dermaga.poke_rows_2, ...;
--    dermaga.poke_chunk names the one being filled) in place of one setting that grew by every
--    distinct line: setting a value costs by its length, and a batch over many trucks paid for
--    the whole length at every statement. A line is looked for in the chunk being filled.
-- 3. poke_fields leaves out the fields a row lacks (poke_topics_of reads a missing field as
--    null), so a held line is about half as long.
-- Same topics for the same rows. The current definitions are in
-- supabase/schemas/functions/realtime_pokes.sql; the three functions were last defined in
-- 20261130030000_pokes_held_per_batch.sql (poke_changed_scopes first in
-- 20261128020000_baseline.sql).

create or replace function public.poke_fields(p_table text, r jsonb)
returns jsonb
language sql
stable
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'origin_hub_id', r -> 'origin_hub_id', 'destination_hub_id', r -> 'destination_hub_id',
    'current_hub_id', r -> 'current_hub_id', 'hub_id', r -> 'hub_id',
    'warehouse_id', r -> 'warehouse_id', 'shipment_id', r -> 'shipment_id', 'user_id', r -> 'user_id',
    'is_active', r -> 'is_active', 'ready', r -> 'ready',
    'id', case when p_table = 'vehicles' then r -> 'id' end))
$$;

create or replace function public.poke_changed_scopes()
returns trigger
language plpgsql
as $$
declare
  changed jsonb;
  line text;
  held text;
  chunk integer;
  setting text;
begin
  -- One query over the statement's rows (old and new versions): their poke_fields. Each
  -- subquery is fenced (offset 0): pulled up, its to_jsonb would be computed once for every
  -- field poke_fields reads, ten times a row (a UNION ALL's branches keep theirs, but the
  -- fence says so in each).
  if tg_op = 'INSERT' then
    select pg_catalog.jsonb_agg(public.poke_fields(tg_table_name, x.r)) into changed
    from (select pg_catalog.to_jsonb(n) r from new_rows n offset 0) x;
  elsif tg_op = 'UPDATE' then
    select pg_catalog.jsonb_agg(public.poke_fields(tg_table_name, x.r)) into changed
    from (select pg_catalog.to_jsonb(n) r from new_rows n
          union all
          select pg_catalog.to_jsonb(o) from old_rows o
          offset 0) x;
  else
    select pg_catalog.jsonb_agg(public.poke_fields(tg_table_name, x.r)) into changed
    from (select pg_catalog.to_jsonb(o) r from old_rows o offset 0) x;
  end if;
  if changed is null then
    return null;
  end if;
  if pg_catalog.current_setting('dermaga.pokes_held', true) = 'on' then
    line := tg_table_name || E'\t' || changed::text || E'\n';
    chunk := coalesce(nullif(pg_catalog.current_setting('dermaga.poke_chunk', true), '')::integer, 1);
    setting := case when chunk = 1 then 'dermaga.poke_rows' else 'dermaga.poke_rows_' || chunk end;
    held := coalesce(pg_catalog.current_setting(setting, true), '');
    if pg_catalog.strpos(held, line) = 0 then
      if pg_catalog.octet_length(held) >= 2048 then
        chunk := chunk + 1;
        setting := 'dermaga.poke_rows_' || chunk;
        held := pg_catalog.set_config('dermaga.poke_chunk', chunk::text, true);
        held := '';
      end if;
      line := pg_catalog.set_config(setting, held || line, true);
    end if;
  else
    perform public.poke_rows(tg_table_name, changed);
  end if;
  return null;
end;
$$;

create or replace function public.poke_held_scopes()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  held text := coalesce(current_setting('dermaga.poke_rows', true), '');
  chunks integer := coalesce(nullif(current_setting('dermaga.poke_chunk', true), '')::integer, 1);
  topics text[] := '{}';
  tbl text;
  t_rows jsonb;
  t text;
begin
  t := set_config('dermaga.pokes_held', '', true);
  t := set_config('dermaga.poke_rows', '', true);
  t := set_config('dermaga.poke_chunk', '', true);
  for i in 2 .. chunks loop
    held := held || coalesce(current_setting('dermaga.poke_rows_' || i, true), '');
    t := set_config('dermaga.poke_rows_' || i, '', true);
  end loop;
  for tbl, t_rows in
    select split_part(l, E'\t', 1), jsonb_agg(e)
    from regexp_split_to_table(held, E'\n') l,
      jsonb_array_elements(split_part(l, E'\t', 2)::jsonb) e
    where l <> ''
    group by 1
  loop
    topics := topics || coalesce(public.poke_topics_of(tbl, t_rows), '{}');
  end loop;
  foreach t in array array(select distinct x from unnest(topics) x order by x) loop
    perform public.poke_topic(t);
  end loop;
end;
$$;
