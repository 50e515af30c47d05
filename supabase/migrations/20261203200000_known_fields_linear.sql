-- cmd_known_fields in one pass (a denial of service by any signed-in user): apply_commands
-- cuts every command's payload to its type's known fields before any check of the caller, and
-- for a list in a nested shape (register_serials' units, a receipt's discrepancies, undo's
-- rows) set each element with jsonb_set, which copies the whole list each time. A 128 kB list
-- of 16,000 objects from an open sign-up took 16 s, held a PostgREST connection until
-- authenticated's 8 s statement timeout, and a few such requests at once held every
-- connection of the pool. Now a list is rebuilt in one pass (jsonb_agg; a list of objects
-- with a flat shape in one SQL expression), and one whose elements the shape keeps whole is
-- left as it is; what is kept is the same. 64,000 objects (512 kB): 0.6 s.
-- The current definition is in supabase/schemas/functions/cmd_payload.sql; cmd_known_fields was
-- first and last defined in 20261128020000_baseline.sql.

-- p with only the fields shape names, recursively (a nested object: a receipt, an edit's
-- changes, undo's rows). A value of another JSON type than the shape
-- expects is kept as sent (the command's readers refuse it, and the record shows what came).
-- Linear in p: a list is rebuilt in one pass (of objects with flat shapes, as every list of
-- a command is, in one SQL expression), and one whose elements the shape keeps whole (true)
-- is kept as it is. (It ran before any check of the caller, for every command; it set
-- each element of a list with jsonb_set, which copies the whole list each time, so a sign-up's
-- 128 kB list of 16,000 objects took 16 s and held a connection until the statement timeout.)
create or replace function public.cmd_known_fields(p jsonb, shape jsonb)
returns jsonb
language plpgsql
immutable
as $$
declare
  out jsonb := p;
  k text;
  each_shape jsonb;
begin
  if jsonb_typeof(shape) = 'object' and jsonb_typeof(p) = 'object' then
    out := out - array(select e from jsonb_object_keys(p) e where not shape ? e);
    for k in select e.key from jsonb_each(shape) e where jsonb_typeof(e.value) <> 'boolean' loop
      if out ? k then
        out := jsonb_set(out, array[k], public.cmd_known_fields(out -> k, shape -> k));
      end if;
    end loop;
  elsif jsonb_typeof(shape) = 'array' and jsonb_typeof(p) = 'array' then
    each_shape := shape -> 0;
    if jsonb_typeof(each_shape) = 'object'
       and not exists (select 1 from jsonb_each(each_shape) f where jsonb_typeof(f.value) <> 'boolean') then
      select coalesce(jsonb_agg(case when jsonb_typeof(e.value) = 'object'
                                     then e.value - array(select x from jsonb_object_keys(e.value) x where not each_shape ? x)
                                     else e.value end order by e.n), '[]'::jsonb)
        into out
        from jsonb_array_elements(p) with ordinality as e(value, n);
    elsif jsonb_typeof(each_shape) in ('object', 'array') then
      select coalesce(jsonb_agg(public.cmd_known_fields(e.value, each_shape) order by e.n), '[]'::jsonb)
        into out
        from jsonb_array_elements(p) with ordinality as e(value, n);
    end if;
  end if;
  return out;
end;
$$;

revoke execute on function public.cmd_known_fields(jsonb, jsonb) from public, anon, authenticated;
