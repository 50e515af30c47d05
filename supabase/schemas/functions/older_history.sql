-- The refusals both reads share: no live profile, a page size out of bounds,
-- a keyset cursor with one half missing.
create or replace function public.history_read_checks(
  p_limit integer,
  p_cursor_at text,
  p_cursor_id uuid
)
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if (select public.my_role()) is null then
    raise exception 'Profil pengguna tidak ditemukan.' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'Ukuran halaman harus 1 sampai 100 baris.' using errcode = '22023';
  end if;
  if (p_cursor_at is null) <> (p_cursor_id is null) then
    raise exception 'Penanda halaman tidak lengkap: tanggal dan id dikirim bersama.' using errcode = '22023';
  end if;
end;
$$;

revoke execute on function public.history_read_checks(integer, text, uuid) from public, anon;

grant execute on function public.history_read_checks(integer, text, uuid) to authenticated;

create or replace function public.search_shipments(
  p_query text default null,
  p_status text default null,
  p_origin_hub_id uuid default null,
  p_destination_hub_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_before_created_at timestamptz default null,
  p_before_id uuid default null,
  p_limit integer default 50
)
returns table (
  id uuid,
  batch_number text,
  status text,
  origin_hub_id uuid,
  destination_hub_id uuid,
  current_hub_id uuid,
  vehicle_id uuid,
  vendor_id uuid,
  smartboard_quantity integer,
  bracket_quantity integer,
  loading_date timestamptz,
  arrival_destination timestamptz,
  selesai_bongkar boolean,
  notes text,
  created_at timestamptz,
  updated_at timestamptz,
  license_plate text,
  driver_name text,
  ship_name text,
  vendor_name text,
  container_number text,
  vessel_name text
)
language plpgsql
stable
-- Definer, with the shipments' read policy written out below: under row-level security a
-- text match (ILIKE, not leakproof) may not use an index, so each search read every shipment
-- and container (0.4 to 1.2 s at 160,000 shipments).
security definer
set search_path = ''
-- A page's plan is cheap to run but its estimate is high: compiling it (JIT) took longer
-- than the read.
set jit = off
-- The planner prices an ILIKE like an equality, so it read every container (and at times
-- every shipment) rather than their trigram indexes: 130 to 370 ms a search at 160,000
-- shipments against 40 to 140 ms through the indexes (docs/sync.md, "Older history").
set enable_seqscan = off
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_pattern text;
  v_where text := 'not s.deleted';
  v_with text := '';
  v_hubs uuid[];
begin
  perform public.history_read_checks(p_limit, p_before_created_at::text, p_before_id);
  if v_query is not null and char_length(v_query) < 2 then
    raise exception 'Kata pencarian minimal 2 karakter.' using errcode = '22023';
  end if;
  if char_length(v_query) > 100 then
    raise exception 'Kata pencarian paling banyak 100 karakter.' using errcode = '22023';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'Rentang tanggal tidak valid: tanggal awal setelah tanggal akhir.' using errcode = '22023';
  end if;

  -- The shipments' read policy (policies/shipments.sql): staff read every
  -- shipment, a hub user those from, to or at its hubs.
  if not coalesce((select public.is_staff()), false) then
    v_hubs := coalesce((select public.my_hub_ids()), '{}'::uuid[]);
    v_where := v_where || ' and (s.origin_hub_id = any ($10) or s.destination_hub_id = any ($10)'
      || ' or s.current_hub_id = any ($10))';
  end if;
  if v_query is not null then
    -- A substring, whatever its case: % _ and \ in the text are matched as themselves.
    v_pattern := '%' || replace(replace(replace(v_query, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    -- The matching ids first, each source by its own index (a trigram index, or the vehicle's
    -- and vendor's ids), then only those sorted: the planner cannot know how few a text
    -- matches, and walking every shipment newest first to find them cost a scan of the table.
    v_with := $w$with hits as materialized (
        select s.id from public.shipments s where s.batch_number ilike $1
        union
        select s.id from public.shipments s
        where s.vehicle_id = any (array(
          select v.id from public.vehicles v
          where v.license_plate ilike $1 or v.driver_name ilike $1 or v.nama_kapal ilike $1
             or v.vendor_id = any (array(select d.id from public.vendors d where d.name ilike $1))))
        union
        select s.id from public.shipments s
        where s.vendor_id = any (array(select d.id from public.vendors d where d.name ilike $1))
        union
        select c.shipment_id from public.containers c
        where not c.deleted and (c.container_number ilike $1 or c.vessel_name ilike $1)
      ) $w$;
    v_where := v_where || ' and s.id in (select h.id from hits h)';
  end if;
  if p_status is not null then v_where := v_where || ' and s.status = $2'; end if;
  if p_origin_hub_id is not null then v_where := v_where || ' and s.origin_hub_id = $3'; end if;
  if p_destination_hub_id is not null then v_where := v_where || ' and s.destination_hub_id = $4'; end if;
  if p_from is not null then v_where := v_where || ' and s.created_at >= $5'; end if;
  if p_to is not null then v_where := v_where || ' and s.created_at < $6'; end if;
  if p_before_id is not null then v_where := v_where || ' and (s.created_at, s.id) < ($7, $8)'; end if;

  return query execute v_with ||
    'select s.id, s.batch_number, s.status, s.origin_hub_id, s.destination_hub_id, s.current_hub_id,
            s.vehicle_id, s.vendor_id, s.smartboard_quantity, s.bracket_quantity, s.loading_date,
            s.arrival_destination, s.selesai_bongkar, s.notes, s.created_at, s.updated_at,
            v.license_plate, v.driver_name, v.nama_kapal,
            coalesce(d.name, vd.name), c.container_number, c.vessel_name
     from (select s.* from public.shipments s where ' || v_where || '
           order by s.created_at desc, s.id desc limit $9) s
     left join public.vehicles v on v.id = s.vehicle_id
     left join public.vendors d on d.id = s.vendor_id
     left join public.vendors vd on vd.id = v.vendor_id
     left join lateral (
       select c.container_number, c.vessel_name from public.containers c
       where c.shipment_id = s.id and not c.deleted
       order by c.created_at desc limit 1
     ) c on true
     order by s.created_at desc, s.id desc'
    using v_pattern, p_status, p_origin_hub_id, p_destination_hub_id, p_from, p_to,
          p_before_created_at, p_before_id, p_limit, v_hubs;
end;
$$;

comment on function public.search_shipments(text, text, uuid, uuid, timestamptz, timestamptz, timestamptz, uuid, integer) is
  'Issue 26: the shipments the caller may read (row-level security), newest first by (created_at, id), matching a text (batch, plate, driver, vendor, ship, container; at least 2 characters), a status, an origin, a destination and created_at in [p_from, p_to); next page: p_before_created_at and p_before_id of the last row. 1 to 100 rows a page.';

revoke execute on function public.search_shipments(text, text, uuid, uuid, timestamptz, timestamptz, timestamptz, uuid, integer) from public, anon;

grant execute on function public.search_shipments(text, text, uuid, uuid, timestamptz, timestamptz, timestamptz, uuid, integer) to authenticated;

create or replace function public.ledger_history(
  p_hub_id uuid default null,
  p_warehouse_id uuid default null,
  p_from date default null,
  p_to date default null,
  p_status text default null,
  p_origin_hub_id uuid default null,
  p_destination_hub_id uuid default null,
  p_before_window boolean default false,
  p_before_date date default null,
  p_before_id uuid default null,
  p_limit integer default 50
)
returns table (
  id uuid,
  warehouse_id uuid,
  date_recorded date,
  smartboard_quantity integer,
  bracket_quantity integer,
  batch_number text,
  shipment_id uuid,
  created_at timestamptz,
  updated_at timestamptz,
  shipment_status text,
  shipment_origin_hub_id uuid,
  shipment_destination_hub_id uuid,
  shipment_notes text
)
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_warehouses uuid[];
  v_to date := p_to;
  v_where text := 'i.warehouse_id = w.id and not i.deleted';
  v_shipment_filter boolean := p_status is not null or p_origin_hub_id is not null or p_destination_hub_id is not null;
begin
  perform public.history_read_checks(p_limit, p_before_date::text, p_before_id);
  if (p_hub_id is null) = (p_warehouse_id is null) then
    raise exception 'Pilih satu hub atau satu gudang.' using errcode = '22023';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'Rentang tanggal tidak valid: tanggal awal setelah tanggal akhir.' using errcode = '22023';
  end if;

  if p_before_window then
    -- What the devices do not hold for certain: rows dated up to the working set's cutoff day
    -- (functions/working_set.sql; that day included, as a device merges by id).
    v_to := least(coalesce(p_to, 'infinity'::date),
                  ((select public.working_set_cutoff()) at time zone 'Asia/Jakarta')::date);
  end if;

  select coalesce(array_agg(w.id order by w.id), '{}'::uuid[]) into v_warehouses
  from public.warehouses w
  where ((p_hub_id is not null and w.hub_id = p_hub_id) or w.id = p_warehouse_id)
    -- The ledger's own read policy, checked once here: a warehouse the caller may not read
    -- is not walked at all (row-level security would still hide its rows, one by one).
    and ((select public.is_staff()) or w.id = any ((select public.my_warehouse_ids())::uuid[]));

  if p_from is not null then v_where := v_where || ' and i.date_recorded >= $2'; end if;
  if v_to is not null then v_where := v_where || ' and i.date_recorded <= $3'; end if;
  if p_before_id is not null then v_where := v_where || ' and (i.date_recorded, i.id) < ($4, $5)'; end if;
  if v_shipment_filter then
    -- A filter on the shipment leaves out the rows without one (a stock entry made by hand),
    -- as the screen's own filter does.
    v_where := v_where || ' and exists (select 1 from public.shipments f where f.id = i.shipment_id'
      || case when p_status is not null then ' and f.status = $6' else '' end
      || case when p_origin_hub_id is not null then ' and f.origin_hub_id = $7' else '' end
      || case when p_destination_hub_id is not null then ' and f.destination_hub_id = $8' else '' end
      || ')';
  end if;

  -- One short index range per warehouse ((warehouse_id, date_recorded, id) read backwards),
  -- then the newest of them: never a sort of a warehouse's whole ledger.
  return query execute
    'select i.id, i.warehouse_id, i.date_recorded, i.smartboard_quantity, i.bracket_quantity,
            i.batch_number, i.shipment_id, i.created_at, i.updated_at,
            s.status, s.origin_hub_id, s.destination_hub_id, s.notes
     from unnest($1::uuid[]) w(id)
     cross join lateral (
       select i.* from public.inventory i where ' || v_where || '
       order by i.date_recorded desc, i.id desc limit $9
     ) i
     left join public.shipments s on s.id = i.shipment_id
     order by i.date_recorded desc, i.id desc
     limit $9'
    using v_warehouses, p_from, v_to, p_before_date, p_before_id, p_status, p_origin_hub_id,
          p_destination_hub_id, p_limit;
end;
$$;

comment on function public.ledger_history(uuid, uuid, date, date, text, uuid, uuid, boolean, date, uuid, integer) is
  'Issue 26: the ledger rows of one hub''s warehouses (p_hub_id) or of one warehouse the caller may read (row-level security), newest first by (date_recorded, id), date_recorded in [p_from, p_to] (inclusive), filtered by the related shipment''s status, origin and destination; p_before_window: only up to the working set''s cutoff day (what the devices do not hold for certain); next page: p_before_date and p_before_id of the last row. 1 to 100 rows a page.';

revoke execute on function public.ledger_history(uuid, uuid, date, date, text, uuid, uuid, boolean, date, uuid, integer) from public, anon;

grant execute on function public.ledger_history(uuid, uuid, date, date, text, uuid, uuid, boolean, date, uuid, integer) to authenticated;
