-- Issue 30, "Perlu perhatian": what the server knows of each device's sync, and the
-- thresholds an admin sets for the board.
--
-- device_sync_reports: one row per device and user (a device id is made by the
-- engine's store of one user on one device, docs/sync.md "The device's report"),
-- written by report_device_sync() after a successful sync round, at most every
-- minute. The server stamps the time (architecture: no device clock decides);
-- the device says only how many commands wait in its outbox and its app version.
-- Not replicated: tower control and admins read it on demand
-- (device_sync_report_list()), so a tablet's pull never carries other devices.
--
-- app_settings: small named settings an admin sets from Settings, read by every
-- signed-in user. The board's thresholds are the key 'attention', read with their
-- defaults by attention_settings() and written by set_attention_settings().
--
-- Nobody writes either table directly (no INSERT/UPDATE/DELETE for the API roles,
-- policies/): the two functions check who calls and what.
create table public.device_sync_reports (
  device_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The user's hub when it reported (null for admin and tower control).
  hub_id uuid references public.hubs (id) on delete set null,
  last_sync_at timestamptz not null default now(),
  outbox_size integer not null check (outbox_size between 0 and 1000000),
  app_version text check (char_length(app_version) <= 64)
);

comment on table public.device_sync_reports is
  'Each device''s last successful sync as it reported it (report_device_sync): when (server time), its outbox size, its app version.';

create index device_sync_reports_hub on public.device_sync_reports (hub_id);

create index device_sync_reports_user on public.device_sync_reports (user_id);

alter table public.device_sync_reports enable row level security;
