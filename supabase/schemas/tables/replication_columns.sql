-- The replication columns mean the same on every table (see tables/).
do $$
declare
  t text;
begin
  foreach t in array array['hubs', 'warehouses', 'profiles', 'shipment_statuses', 'vendors', 'vehicle_types',
                           'vehicles', 'shipments', 'containers', 'inventory'] loop
    execute format($c$comment on column public.%I.updated_at is
      'Server clock at the last write, stamped by trigger stamp_replication; a writer''s own value is ignored.'$c$, t);
    execute format($c$comment on column public.%I.deleted is
      'Soft delete: the row stays so devices pull the deletion; readers filter it out.'$c$, t);
    execute format($c$comment on column public.%I.change_xid is
      'Pull position: id of the transaction that last wrote the row (pg_current_xact_id(), by trigger). Pull by (change_xid, id) below pg_snapshot_xmin(pg_current_snapshot()).'$c$, t);
  end loop;
end
$$;
