create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_auth_user();

create trigger on_auth_user_deleted
  before delete on auth.users
  for each row execute function public.retire_profile_of_deleted_user();

create trigger on_auth_user_renamed
  after update of raw_user_meta_data on auth.users
  for each row
  when (old.raw_user_meta_data is distinct from new.raw_user_meta_data)
  execute function public.sync_profile_name_from_auth_user();

create trigger on_auth_user_updated
  after update of email, raw_app_meta_data on auth.users
  for each row
  when (old.email is distinct from new.email
        or old.raw_app_meta_data is distinct from new.raw_app_meta_data)
  execute function public.sync_profile_from_auth_user();
