-- No policy: only apply_commands (security definer) reads and writes it.
revoke all on table public.command_images from public, anon, authenticated;
