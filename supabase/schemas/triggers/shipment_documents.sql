create trigger stamp_replication before insert or update on public.shipment_documents
  for each row execute function public.stamp_replication_columns();

create trigger measured_before_insert before insert on public.shipment_documents
  for each row execute function public.shipment_document_measured();
