create trigger refuse_commands_of_deleted_users
  before insert on public.commands
  for each row execute function public.refuse_commands_of_deleted_users();
