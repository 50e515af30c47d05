create policy "Signed-in users hear the pokes of the scopes they read"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select public.may_hear_topic((select realtime.topic())))
  );
