// POST { email, password, full_name, role, hub_id } (spec 7.5), admin only.
// The role and hub go into app_metadata, which only the service role may set;
// the profile trigger (supabase/schemas/functions/profiles.sql) makes the profile from it.
import { requireAdmin, requireHub, service, type AuthUser } from '../_shared/admin.ts';
import { serveJson } from '../_shared/http.ts';
import { createUserBody } from '../_shared/validate.ts';

serveJson(async (request, body) => {
  await requireAdmin(request);
  const input = createUserBody(body);
  await requireHub(input.hub_id);
  const user = await service<AuthUser>(
    '/auth/v1/admin/users',
    {
      method: 'POST',
      body: JSON.stringify({
        email: input.email,
        password: input.password,
        email_confirm: true,
        user_metadata: { full_name: input.full_name },
        app_metadata: { role: input.role, hub_id: input.hub_id },
      }),
    },
    'Failed to create user',
  );
  return { user: { id: user.id, email: input.email, full_name: input.full_name, role: input.role, hub_id: input.hub_id } };
});
