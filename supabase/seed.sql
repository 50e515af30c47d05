-- Demo data for Dermaga. Applied once after the migrations (local stack:
-- supabase/local/migrate.ts; hosted: `supabase db reset` / `supabase db push --include-seed`).
--
-- Fixed ids so tests and docs can name rows (listed in docs/security.md):
--   hubs        11111111-0000-4000-8000-00000000000N  1 Karawang, 2 Cikarang, 3 PolJak, 4 PolSub, 5 POD Makassar
--   warehouses  22222222-0000-4000-8000-00000000000N  same order as the hubs
--   users       aaaaaaaa-0000-4000-8000-00000000000N  1 admin, 2 tower, 3 karawang, 4 cikarang,
--                                                     5 poljak, 6 polsub, 7 makassar
-- Every demo user's password is demo1234 on 127.0.0.1; a stack on an address the network can
-- reach replaces them with random ones in the same transaction (supabase/local/demo-logins.ts).

-- hubs -------------------------------------------------------------------------
insert into public.hubs (id, name, city, type, created_at) values
  ('11111111-0000-4000-8000-000000000001', 'Hub Karawang', 'Karawang', 'karawang', now() - interval '60 days'),
  ('11111111-0000-4000-8000-000000000002', 'Hub Cikarang', 'Cikarang', 'cikarang', now() - interval '60 days'),
  ('11111111-0000-4000-8000-000000000003', 'Hub PolJak',   'Jakarta',  'poljak',   now() - interval '60 days'),
  ('11111111-0000-4000-8000-000000000004', 'Hub PolSub',   'Surabaya', 'polsub',   now() - interval '60 days'),
  ('11111111-0000-4000-8000-000000000005', 'POD Makassar', 'Makassar', 'pod',      now() - interval '60 days');

-- warehouses ---------------------------------------------------------------------
insert into public.warehouses (id, name, location, hub_id, created_at) values
  ('22222222-0000-4000-8000-000000000001', 'Gudang Karawang', 'Karawang', '11111111-0000-4000-8000-000000000001', now() - interval '60 days'),
  ('22222222-0000-4000-8000-000000000002', 'Gudang Cikarang', 'Cikarang', '11111111-0000-4000-8000-000000000002', now() - interval '60 days'),
  ('22222222-0000-4000-8000-000000000003', 'Gudang PolJak',   'Jakarta',  '11111111-0000-4000-8000-000000000003', now() - interval '60 days'),
  ('22222222-0000-4000-8000-000000000004', 'Gudang PolSub',   'Surabaya', '11111111-0000-4000-8000-000000000004', now() - interval '60 days'),
  ('22222222-0000-4000-8000-000000000005', 'Gudang Makassar', 'Makassar', '11111111-0000-4000-8000-000000000005', now() - interval '60 days');

-- users ----------------------------------------------------------------------------
-- Inserted the way Supabase Auth stores them, so the same seed works on a hosted
-- project: confirmed e-mail, bcrypt hash, the token columns as empty strings
-- (hosted Auth cannot read NULL there), and an e-mail identity per user.
-- role and hub_id go in raw_app_meta_data: the profile trigger takes them from
-- there (supabase/schemas/functions/profiles.sql explains why not user metadata).
with demo (id, email, full_name, role, hub_id) as (
  values
    ('aaaaaaaa-0000-4000-8000-000000000001'::uuid, 'admin@demo.local',    'Admin Dermaga',    'admin',         null::uuid),
    ('aaaaaaaa-0000-4000-8000-000000000002'::uuid, 'tower@demo.local',    'Tower Control',    'tower_control', null::uuid),
    ('aaaaaaaa-0000-4000-8000-000000000003'::uuid, 'karawang@demo.local', 'Petugas Karawang', 'hub_user',      '11111111-0000-4000-8000-000000000001'::uuid),
    ('aaaaaaaa-0000-4000-8000-000000000004'::uuid, 'cikarang@demo.local', 'Petugas Cikarang', 'hub_user',      '11111111-0000-4000-8000-000000000002'::uuid),
    ('aaaaaaaa-0000-4000-8000-000000000005'::uuid, 'poljak@demo.local',   'Petugas PolJak',   'hub_user',      '11111111-0000-4000-8000-000000000003'::uuid),
    ('aaaaaaaa-0000-4000-8000-000000000006'::uuid, 'polsub@demo.local',   'Petugas PolSub',   'hub_user',      '11111111-0000-4000-8000-000000000004'::uuid),
    ('aaaaaaaa-0000-4000-8000-000000000007'::uuid, 'makassar@demo.local', 'Petugas Makassar', 'hub_user',      '11111111-0000-4000-8000-000000000005'::uuid)
),
users as (
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    confirmation_token, recovery_token, email_change_token_new, email_change,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at
  )
  select
    '00000000-0000-0000-0000-000000000000', d.id, 'authenticated', 'authenticated', d.email,
    extensions.crypt('demo1234', extensions.gen_salt('bf')), now(),
    '', '', '', '',
    jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'),
                       'role', d.role, 'hub_id', d.hub_id),
    jsonb_build_object('full_name', d.full_name),
    now() - interval '60 days', now()
  from demo d
  returning id, email
)
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
       'email', now(), now(), now()
from users u;

-- ===================================================================================
-- Operations demo data: a fortnight of traffic, every workflow status at every hub.
--   vendors        33333333-0000-4000-8000-00000000000N
--   vehicle types  44444444-0000-4000-8000-00000000000N  (1 = Truk Fuso, the default)
--   vehicles       55555555-0000-4000-8000-0000000000NN  01-18 trucks, 21-30 sea fleet
--   shipments      66666666-0000-4000-8000-0000000000NN  01-20
-- Dates are relative to now() so the demo always looks current.
-- ===================================================================================

insert into public.vendors (id, name, contact_person, phone, created_at) values
  ('33333333-0000-4000-8000-000000000001', 'PT Sinar Logistik Nusantara', 'Budi Santoso',   '0812-8810-2201', now() - interval '50 days'),
  ('33333333-0000-4000-8000-000000000002', 'CV Maju Jaya Transport',      'Siti Rahmawati', '0813-1945-7730', now() - interval '48 days'),
  ('33333333-0000-4000-8000-000000000003', 'PT Samudera Bahari Lines',    'Andi Pratama',   '021-4393-1180',  now() - interval '45 days'),
  ('33333333-0000-4000-8000-000000000004', 'PT Pelayaran Nusantara Timur','Made Wirawan',   '031-3298-6654',  now() - interval '45 days'),
  ('33333333-0000-4000-8000-000000000005', 'PT Cikarang Ekspres Mandiri', 'Lina Marlina',   null,             now() - interval '40 days');

-- Truk Fuso first: it is the default type the forms offer (spec 9), and it
-- also sorts first by name.
insert into public.vehicle_types (id, name, created_at) values
  ('44444444-0000-4000-8000-000000000001', 'Truk Fuso',    now() - interval '50 days'),
  ('44444444-0000-4000-8000-000000000002', 'Truk Gandeng', now() - interval '50 days'),
  ('44444444-0000-4000-8000-000000000003', 'Truk Tronton', now() - interval '50 days'),
  ('44444444-0000-4000-8000-000000000004', 'Truk Wingbox', now() - interval '50 days');

-- Vehicles. Flags follow spec 4.1: travelling vehicles have all three false;
-- after unloading a vehicle is ready at the hub where it unloaded.
-- Columns: n, plate, type n, vendor n, driver, phone, ship, line, hub n, ready, siap_muat, sedang_muat, active
insert into public.vehicles (
  id, license_plate, vehicle_type_id, vendor_id, driver_name, driver_phone, nama_kapal, nama_pelayaran,
  current_hub_id, ready, siap_muat, sedang_muat, is_active, created_at
)
select
  ('55555555-0000-4000-8000-' || lpad(v.n::text, 12, '0'))::uuid,
  v.plate,
  ('44444444-0000-4000-8000-' || lpad(v.type_n::text, 12, '0'))::uuid,
  ('33333333-0000-4000-8000-' || lpad(v.vendor_n::text, 12, '0'))::uuid,
  v.driver, v.phone, v.ship, v.line,
  ('11111111-0000-4000-8000-' || lpad(v.hub_n::text, 12, '0'))::uuid,
  v.ready, v.siap, v.sedang, v.active,
  now() - interval '30 days' + v.n * interval '1 hour'
from (values
  -- trucks on active shipments (see the shipments below)
  ( 1, 'T 8123 KA',   1,    1, 'Asep Saepudin',   '0812-2201-3301', null, null, 1, false, false, false, true),
  ( 2, 'T 8451 KB',   3,    1, 'Dedi Kurniawan',  '0812-2201-3302', null, null, 2, false, false, false, true),
  ( 3, 'T 9012 KC',   4,    1, 'Joko Susilo',     '0812-2201-3303', null, null, 2, false, false, false, true),
  ( 4, 'B 9041 FCD',  1,    2, 'Rudi Hartono',    '0813-5510-4404', null, null, 1, false, false, false, true),
  ( 5, 'B 9187 FCE',  3,    2, 'Bambang Wijaya',  '0813-5510-4405', null, null, 3, false, false, false, true),
  ( 6, 'B 9320 FCF',  4,    5, 'Agus Salim',      '0857-7720-1106', null, null, 3, false, false, false, true),
  ( 7, 'T 8777 KD',   2,    2, 'Hendra Gunawan',  '0813-5510-4407', null, null, 1, false, false, false, true),
  ( 8, 'T 8802 KE',   3,    1, 'Slamet Riyadi',   '0812-2201-3308', null, null, 4, false, false, false, true),
  ( 9, 'B 9455 FCG',  4,    5, 'Yusuf Maulana',   '0857-7720-1109', null, null, 4, false, false, false, true),
  -- queued (Siap Muat) and loading (Sedang Muat) at Karawang and Cikarang
  (10, 'T 8530 KF',   1,    1, 'Wawan Setiawan',  '0812-2201-3310', null, null, 1, false, true,  false, true),
  (11, 'T 8644 KG',   1,    2, 'Eko Prasetyo',    '0813-5510-4411', null, null, 1, false, true,  false, true),
  (12, 'T 8915 KH',   3,    1, 'Iwan Kurnia',     '0812-2201-3312', null, null, 1, false, false, true,  true),
  (13, 'B 9561 FCH',  1,    5, 'Dani Ramdani',    '0857-7720-1113', null, null, 2, false, true,  false, true),
  (14, 'B 9672 FCJ',  3,    5, 'Fajar Nugroho',   '0857-7720-1114', null, null, 2, false, false, true,  true),
  -- free to be queued, where their last trip ended
  (15, 'T 8233 KJ',   1,    1, 'Ujang Sutisna',   '0812-2201-3315', null, null, 2, true,  false, false, true),
  (16, 'B 9783 FCK',  4,    2, 'Rahmat Hidayat',  '0813-5510-4416', null, null, 3, true,  false, false, true),
  (17, 'T 8390 KK',   3,    2, 'Sugeng Riyanto',  '0813-5510-4417', null, null, 4, true,  false, false, true),
  -- out of service (badge Tidak Aktif)
  (18, 'B 9894 FCL',  1,    5, 'Tono Suryana',    '0857-7720-1118', null, null, 2, false, false, false, false),
  -- sea fleet: license_plate is the container number
  (21, 'SBLU 102345 7', null, 3, null, null, 'KM Bahari Jaya',    'Samudera Bahari Lines', 3, false, false, false, true),
  (22, 'NTLU 220418 3', null, 4, null, null, 'KM Timur Perkasa',  'Nusantara Timur Line',  4, false, false, false, true),
  (23, 'SBLU 102877 1', null, 3, null, null, 'KM Bahari Sentosa', 'Samudera Bahari Lines', 5, false, false, false, true),
  (24, 'NTLU 220951 9', null, 4, null, null, 'KM Nusa Makmur',    'Nusantara Timur Line',  5, false, false, false, true),
  (25, 'SBLU 103112 4', null, 3, null, null, 'KM Bahari Jaya',    'Samudera Bahari Lines', 3, false, true,  false, true),
  (26, 'SBLU 103298 0', null, 3, null, null, 'KM Bahari Sentosa', 'Samudera Bahari Lines', 3, false, false, true,  true),
  (27, 'NTLU 221304 5', null, 4, null, null, 'KM Timur Perkasa',  'Nusantara Timur Line',  4, false, true,  false, true),
  (28, 'SBLU 101764 2', null, 3, null, null, 'KM Bahari Jaya',    'Samudera Bahari Lines', 5, true,  false, false, true),
  (29, 'NTLU 219877 6', null, 4, null, null, 'KM Nusa Makmur',    'Nusantara Timur Line',  5, true,  false, false, true),
  (30, 'NTLU 221560 8', null, 4, null, null, 'KM Nusa Makmur',    'Nusantara Timur Line',  4, true,  false, false, true)
) as v(n, plate, type_n, vendor_n, driver, phone, ship, line, hub_n, ready, siap, sedang, active);

-- Shipments. Hubs: 1 Karawang, 2 Cikarang, 3 PolJak, 4 PolSub, 5 POD Makassar.
-- loaded/arrived are days ago (arrived null while on the way). Derived:
-- current hub (origin until arrival), arrival_gdt at a hub or arrival_destination
-- at the POD, selesai_bongkar for the two done statuses, ETD/ETA, the
-- unloading's start (an hour after arrival) and end (five hours after, when the ledger below
-- books the load), and the batch number: typed KRW-/CKR- at Karawang and Cikarang,
-- POLJAK-/POLSUB-{ms} at the ports.
insert into public.shipments (
  id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id, current_hub_id,
  smartboard_quantity, bracket_quantity, delivery_record, bast, status,
  loading_date, etd, eta, arrival_gdt, arrival_destination, selesai_bongkar,
  unloading_started_at, unloading_finished_at, notes, created_at
)
select
  ('66666666-0000-4000-8000-' || lpad(s.n::text, 12, '0'))::uuid,
  case s.origin
    when 3 then 'POLJAK-' || (extract(epoch from l.loaded_at) * 1000)::bigint
    when 4 then 'POLSUB-' || (extract(epoch from l.loaded_at) * 1000)::bigint
    when 1 then 'KRW-' || to_char(l.loaded_at, 'YYMMDD') || '-' || lpad(s.n::text, 2, '0')
    else 'CKR-' || to_char(l.loaded_at, 'YYMMDD') || '-' || lpad(s.n::text, 2, '0')
  end,
  ve.id,
  ve.vendor_id,
  ('11111111-0000-4000-8000-' || lpad(s.origin::text, 12, '0'))::uuid,
  ('11111111-0000-4000-8000-' || lpad(s.dest::text, 12, '0'))::uuid,
  ('11111111-0000-4000-8000-' || lpad((case when s.arrived is null then s.origin else s.dest end)::text, 12, '0'))::uuid,
  s.tv, s.br,
  true,
  s.status in ('selesai', 'selesai_pod'),
  s.status,
  l.loaded_at,
  case when s.origin in (3, 4) then l.loaded_at::date end,
  (l.loaded_at + case s.dest when 5 then interval '5 days' when 4 then interval '2 days' else interval '1 day' end)::date,
  case when s.arrived is not null and s.dest <> 5 then now() - s.arrived * interval '1 day' end,
  case when s.arrived is not null and s.dest = 5 then now() - s.arrived * interval '1 day' end,
  s.status in ('selesai', 'selesai_pod'),
  case when s.status in ('sedang_bongkar', 'selesai', 'selesai_pod')
    then now() - s.arrived * interval '1 day' + interval '1 hour' end,
  case when s.status in ('selesai', 'selesai_pod')
    then now() - s.arrived * interval '1 day' + interval '5 hours' end,
  s.notes,
  l.loaded_at - interval '2 hours'
from (values
  -- done: the history behind today's stock
  ( 1, 15, 1, 2, 120, 120, 'selesai',        14.0, 13.6, 'Bongkar lancar, semua unit baik'),
  ( 2, 16, 1, 3, 200, 200, 'selesai',        13.0, 12.6, null),
  ( 3, 17, 1, 4, 180, 180, 'selesai',        13.0, 10.5, '2 karton bracket penyok, isi aman'),
  ( 4, 16, 1, 3, 160, 160, 'selesai',        11.0, 10.6, null),
  ( 5, 28, 3, 5, 150, 150, 'selesai_pod',    10.0,  5.0, 'Diterima lengkap di Gudang Makassar'),
  ( 6, 29, 4, 5,  60,  60, 'selesai_pod',     9.0,  5.0, null),
  ( 7, 15, 1, 2, 100, 100, 'selesai',         8.0,  7.6, null),
  -- to Cikarang
  ( 8,  1, 1, 2,  80,  80, 'otw_cikarang',    0.6, null, null),
  ( 9,  2, 1, 2,  90,  90, 'confirm_tiba',    1.5,  0.9, null),
  (10,  3, 1, 2, 110, 110, 'sedang_bongkar',  2.5,  1.8, null),
  -- to PolJak
  (11,  4, 1, 3, 150, 150, 'otw_poljak',      0.8, null, null),
  (12,  5, 1, 3, 140, 140, 'confirm_tiba',    1.8,  1.1, null),
  (13,  6, 2, 3,  60,  60, 'sedang_bongkar',  2.2,  1.5, null),
  -- to PolSub
  (14,  7, 1, 4, 170, 170, 'otw_polsub',      1.2, null, null),
  (15,  8, 1, 4, 130, 130, 'confirm_tiba',    4.0,  1.3, null),
  (16,  9, 2, 4,  70,  70, 'sedang_bongkar',  5.0,  2.4, null),
  -- by sea to POD Makassar
  (17, 21, 3, 5, 100, 100, 'otw_podmakasar',  3.0, null, null),
  (18, 22, 4, 5,  50,  50, 'otw_podmakasar',  4.0, null, null),
  (19, 23, 3, 5,  80,  80, 'confirm_tiba',    7.0,  1.0, null),
  (20, 24, 4, 5,  60,  60, 'sedang_bongkar',  8.0,  2.0, null)
) as s(n, vehicle_n, origin, dest, tv, br, status, loaded, arrived, notes)
cross join lateral (select now() - s.loaded * interval '1 day' as loaded_at) l
join public.vehicles ve on ve.id = ('55555555-0000-4000-8000-' || lpad(s.vehicle_n::text, 12, '0'))::uuid;

-- Containers of the sea shipments (PolJak and PolSub forms record one each).
insert into public.containers (container_number, vessel_name, shipping_line, shipment_id, created_at)
select ve.license_plate, ve.nama_kapal, ve.nama_pelayaran, sh.id, sh.created_at
from public.shipments sh
join public.vehicles ve on ve.id = sh.vehicle_id
where ve.nama_kapal is not null;

-- Inventory ledger.
-- 1. Production received at Gudang Karawang (manual entries, positive).
insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number, created_at) values
  ('22222222-0000-4000-8000-000000000001', (now() - interval '15 days')::date, 800, 800, 'PRD-SB-01', now() - interval '15 days'),
  ('22222222-0000-4000-8000-000000000001', (now() - interval '9 days')::date,  600, 600, 'PRD-SB-02', now() - interval '9 days'),
  ('22222222-0000-4000-8000-000000000001', (now() - interval '4 days')::date,  500, 500, 'PRD-SB-03', now() - interval '4 days');

-- 2. Every shipment took its load out of its origin hub's warehouse on the loading day.
insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number, shipment_id, created_at)
select w.id, sh.loading_date::date, -sh.smartboard_quantity, -sh.bracket_quantity, sh.batch_number, sh.id, sh.loading_date
from public.shipments sh
join public.warehouses w on w.hub_id = sh.origin_hub_id;

-- 3. Finished unloading booked the load into the destination warehouse, one row
--    per item (spec 7.2); the POD's warehouse is the one located in its city.
insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number, shipment_id, created_at)
select w.id, done_at::date, item.tv, item.br, sh.batch_number, sh.id, done_at
from public.shipments sh
join public.hubs dest on dest.id = sh.destination_hub_id
join public.warehouses w
  on (dest.type <> 'pod' and w.hub_id = dest.id)
  or (dest.type = 'pod' and lower(w.location) = lower(dest.city))
cross join lateral (select coalesce(sh.arrival_gdt, sh.arrival_destination) + interval '5 hours' as done_at) t
cross join lateral (values (sh.smartboard_quantity, 0), (0, sh.bracket_quantity)) as item(tv, br)
where sh.selesai_bongkar;
