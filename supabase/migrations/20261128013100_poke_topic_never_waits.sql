-- public.poke_topic, first defined in 20261128013000_change_pokes.sql, never waits now.
--
-- There, a topic's row held by a concurrent sender (FOR UPDATE SKIP LOCKED found nothing) went
-- on to INSERT ... ON CONFLICT DO NOTHING, and that insert waits for the holder's transaction to
-- end (its update made a row version the unique check must see settled): commits of one hub
-- queued behind each other, and two transactions holding each other's topics across statements
-- could deadlock (npm run load saw lock waits in 7 of 81 samples, none without the trigger).
-- Now a row that exists is never inserted again: held by someone else, the poke is skipped at
-- once (that sender's poke is delivered at its commit; the device's second round a second
-- after a poke and the safety probe cover the rest). The insert is left for a topic's very
-- first poke only.
create or replace function public.poke_topic(p_topic text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  last timestamptz;
  sent text;
begin
  select p.sent_at into last from public.realtime_pokes p where p.topic = p_topic for update skip locked;
  if found then
    if last > clock_timestamp() - interval '250 milliseconds' then
      return;
    end if;
    update public.realtime_pokes set sent_at = clock_timestamp() where topic = p_topic;
  else
    -- Held by a concurrent sender (its committed version is seen without waiting): skip.
    if exists (select 1 from public.realtime_pokes p where p.topic = p_topic) then
      return;
    end if;
    insert into public.realtime_pokes (topic, sent_at) values (p_topic, clock_timestamp())
    on conflict (topic) do nothing
    returning topic into sent;
    if sent is null then
      return;
    end if;
  end if;
  perform realtime.send(jsonb_build_object('scope', p_topic), 'poke', p_topic, true);
end;
$$;
revoke execute on function public.poke_topic(text) from public, anon, authenticated;
