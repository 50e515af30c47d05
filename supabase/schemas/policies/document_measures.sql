-- The server's own record (tables/document_measures.sql): no policy, so no API role reads or
-- writes a row; record_document_measure (service role) writes it, the attach trigger reads it.
revoke all on table public.document_measures from anon, authenticated;

grant all on table public.document_measures to service_role;
