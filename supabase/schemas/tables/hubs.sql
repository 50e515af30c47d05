-- hubs -----------------------------------------------------------------------
create table public.hubs (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint hubs_name_not_blank check (btrim(name) <> ''),
  city text,
  type text not null default 'hub'
    constraint hubs_type_known check (type in ('karawang', 'cikarang', 'poljak', 'polsub', 'pod', 'hub')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- Issue 41: the hub counts blind (its receipt opens with empty counts); set by edit_hub.
  blind_count boolean not null default false,
  -- Issue 42: the hub handles its TVs by serial number; set by edit_hub.
  serial_tracking boolean not null default false
);

comment on table public.hubs is
  'A place goods move through: the factory hub (Karawang), inland and port hubs (Cikarang, PolJak, PolSub), destination-city PODs, or a plain hub added on the Hubs screen.';

comment on column public.hubs.type is
  'karawang, cikarang, poljak, polsub, pod, or hub (the default for hubs added on the Hubs screen). Decides the hub operations tabs and, for pod, the POD screen.';

comment on column public.hubs.city is
  'Destination city; for a POD hub it is what shipments otw_{city} and the city''s warehouse (warehouses.location) are matched against.';

-- Two live hubs with the same name would make the hub-by-name lookups of the app ambiguous.
create unique index hubs_name_unique_live on public.hubs (lower(btrim(name))) where not deleted;

-- The pull: (change_xid, id) > checkpoint, in that order, per table.
create index hubs_pull_idx             on public.hubs (change_xid, id);

alter table public.hubs enable row level security;

comment on column public.hubs.blind_count is
  'Issue 41: the hub counts blind: its receipt opens with empty counts (the sent counts are shown only after the worker has entered what arrived). Set by edit_hub (admin).';

comment on column public.hubs.serial_tracking is
  'Issue 42: the hub handles its TVs by serial number (registered stock, loading by scan; tv_units). Set by edit_hub (admin). Off: counts only, as before.';
