create trigger profiles_hub_user_needs_hub
  before insert or update of role, hub_id, deleted on public.profiles
  for each row execute function public.enforce_hub_user_has_hub();

create trigger stamp_replication before insert or update on public.profiles
  for each row execute function public.stamp_replication_columns();

create trigger mirror_to_auth_user
  after insert or update of role, hub_id on public.profiles
  for each row execute function public.mirror_profile_to_auth_user();

create trigger keep_one_admin
  before update of role, deleted on public.profiles
  for each row execute function public.keep_one_admin();

create trigger serialize_profile_changes
  before update on public.profiles
  for each statement execute function public.serialize_profile_changes();
