-- Changes pushed, not polled (issue 44): a commit that changes what a scope can see sends a
-- small poke naming that scope (no row data) to a topic of its own, through Supabase
-- Realtime's Broadcast from the database (realtime.send). A device subscribed to its scopes'
-- topics starts a sync round when poked; the pull stays the one way rows arrive (docs/sync.md).
--
-- Topics:
--   dermaga:hub:<hub id>   rows a user of that hub reads (shipments from, to or at it, their
--                          containers, documents and discrepancies, its warehouses' stock,
--                          vehicles at it or on its shipments)
--   dermaga:company        the company-wide tables every signed-in user reads (hubs,
--                          warehouses, statuses, vendors, vehicle types) and free vehicles
--   dermaga:user:<user id> the user's own profile
--   dermaga:desk           every change (admin and tower control read every row)
-- Who may join which is RLS on realtime.messages (realtime.topic()), below: the same policy
-- hosted Realtime checks on a private channel's join and the local gateway evaluates as the
-- joining user (supabase/local/realtime.ts). realtime.messages, realtime.topic() and
-- realtime.send() are hosted's; the local stack's bootstrap makes them where absent.

-- At most one poke per topic per 250 ms: the last one sent, per topic. Unlogged (a crash
-- forgets it, which only lets a poke through); nobody but the trigger reads it.
create unlogged table if not exists public.realtime_pokes (
  topic text primary key,
  sent_at timestamptz not null
);

alter table public.realtime_pokes enable row level security;
