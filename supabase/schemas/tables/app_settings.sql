-- Settings --------------------------------------------------------------------------
create table public.app_settings (
  key text primary key check (key ~ '^[a-z_]{1,40}$'),
  value jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

comment on table public.app_settings is
  'Named settings an admin sets (Settings); readable by every signed-in user. ''attention'': the thresholds of Perlu perhatian.';

alter table public.app_settings enable row level security;
