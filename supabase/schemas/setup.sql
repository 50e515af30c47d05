-- Who is acting, for the cmd_* functions (built by apply_commands).
create type public.command_context as (
  command_id uuid,
  type text,
  user_id uuid,
  email text,
  role text,
  hub_id uuid,
  issued_at timestamptz,
  received_at timestamptz
);

-- The same for tables later migrations create: no direct writes by the API
-- roles and nothing for anon, unless a migration grants it deliberately.
alter default privileges in schema public
  revoke insert, update, delete, truncate, references, trigger on tables from anon, authenticated;

alter default privileges in schema public
  revoke select on tables from anon;

-- Issue 26: older history is read from the server on demand. A device holds
-- its working set (open shipments, those closed within the retention window,
-- the ledger rows of that window, the balances); what lies before the window is
-- read here, online, a page at a time (docs/sync.md, "Older history").
--
-- search_shipments(...)  shipments newest first (created_at, id), filtered by a
--                        text (batch number, plate, driver, vendor, ship and
--                        container), status, origin, destination and a time
--                        range [from, to); keyset paging by the last row's
--                        (created_at, id).
-- ledger_history(...)    a hub's (or one warehouse's) ledger rows, newest
--                        first (date_recorded, id), with the related
--                        shipment's status, origin, destination and notes,
--                        filtered by a date range (inclusive) and the related
--                        shipment's status, origin and destination, and with
--                        p_before_window only up to the working set's cutoff
--                        day (what a device does not hold for certain); keyset
--                        paging by the last row's (date_recorded, id).
--
-- Each reads what the caller may read (policies/), so a
-- hub user reads exactly the shipments and ledger rows its pull would give it,
-- and nothing of another hub: ledger_history is security invoker (row-level
-- security decides), search_shipments security definer with the shipments'
-- policy written out (under row-level security its text match could use no
-- index), reading the vehicle, vendor and container of those shipments only. A caller without a live profile is refused (42501),
-- and bad input with 22023 and a message in the app's words, which PostgREST
-- answers with 400. A page is 1 to 100 rows.
--
-- Speed at 160,000 closed shipments and 800,000 ledger rows: the text search
-- is one bitmap OR over trigram indexes (pg_trgm: a substring, not only a
-- prefix, as the header's search matches locally); with no text the newest
-- first order walks (created_at, id) backwards; the ledger reads each warehouse
-- by (warehouse_id, date_recorded, id), one short index range per warehouse.
-- Both build their statement for the filters given (execute ... using), so
-- each call is planned with its own values.
create extension if not exists pg_trgm with schema extensions;
