-- Issue 42: the receipt by serial's refusals join the catalogue (sync/server-texts.ts, serial.*).
insert into public.app_messages (key, text) values
  ('serial.scanRequired', 'Pindai nomor seri setiap TV yang diterima: pengiriman ini dimuat per nomor seri.'),
  ('serial.receivedMismatch', 'Jumlah TV diterima ({{quantity}}) harus sama dengan nomor seri yang dipindai ({{count}}).'),
  ('serial.damagedNotReceived', 'Nomor seri {{serial}} ditandai rusak tetapi tidak ada di antara yang diterima.');
