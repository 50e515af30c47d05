revoke all on table public.realtime_pokes from public, anon, authenticated;
