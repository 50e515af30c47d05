revoke all on table public.commands from anon, authenticated;

grant select on table public.commands to authenticated;

grant all on table public.commands to service_role;

-- The audit trail (public.commands: every command, who sent it, its payload
-- and outcome) is readable by admin and tower control only (issue 12). A user
-- does not read even its own: a device learns the outcome of its commands
-- from apply_commands' answer and keeps them in its outbox and conflicts, and
-- a hub user reading the payloads and rejections of its own past work is not
-- a need the product has.
create policy "Staff can read every command"
  on public.commands for select to authenticated
  using ((select public.is_staff()));
