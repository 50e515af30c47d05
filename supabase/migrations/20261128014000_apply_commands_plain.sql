-- Issue 39, "apply_commands plain": the held-back records' one writer, public.commands_write.
-- apply_commands itself (last defined in 20261128002010_apply_commands_keeps_known_fields.sql;
-- first in 20261126000800_baseline_commands.sql, whose header holds the numbered notes its
-- comments name: "see 2. above") is defined once for this change and issue 43's held images, in
-- 20261128015020_apply_commands_images_held.sql (both came in one session, before either was
-- deployed). It changes in three ways there; what it checks and answers is unchanged:
--   * every command type of the catalogue (sync/commands/catalogue.ts) is called statically
--     through the CASE (note 1.); the by-name path (`execute format`, parsed and planned on
--     every call) is gone, so a type that is not listed is unknown_command.
--     tests/integration/catalogue-server.test.ts holds the CASE to the catalogue and to the
--     server's cmd_<type>(command_context, jsonb) functions;
--   * the records held back (note 6.) are one array of public.commands rows (beside it their
--     ids, to look one up), written by one function, public.commands_write (the same values in
--     the same order as before);
--   * the types whose records may stay held back while they run are one named constant,
--     trail_blind: the types whose functions (and every function they call) never read
--     public.commands (issue 43 also holds back their row images and lists every such type).
--     catalogue-server.test.ts checks that from the functions' source, so a type added to the
--     list whose function reads the trail fails the test.
--     (Note 5.'s one-UPDATE fast path of the queue commands went in
--     20261126003010_floor_commands_keep_images.sql: they read their rows locked, for undo.)

-- The held-back records of one apply_commands call, in arrival order (seq is given in it).
create or replace function public.commands_write(held public.commands[])
returns void
language sql
set search_path = ''
as $$
  insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at,
                               outcome, code, message, entity_id)
  select q.id, q.actor_id, q.actor_email, q.type, q.payload, q.issued_at, q.received_at,
         q.outcome, q.code, q.message, q.entity_id
  from unnest(held) with ordinality as q
  order by q.ordinality;
$$;
revoke execute on function public.commands_write(public.commands[]) from public, anon, authenticated;
