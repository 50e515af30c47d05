// POST { user_id, email, full_name, role, hub_id, password? } (spec 7.5), admin only.
// One Auth admin update: the triggers carry e-mail, role, hub and name to the
// profile in the same transaction, and refuse to demote the last admin.
import {
  existingUser,
  profileOf,
  requireAdmin,
  requireAnotherAdmin,
  requireHub,
  service,
  takingAnAdminAway,
} from '../_shared/admin.ts';
import { serveJson } from '../_shared/http.ts';
import { updateUserBody } from '../_shared/validate.ts';

serveJson(async (request, body) => {
  await requireAdmin(request);
  const input = updateUserBody(body);
  await existingUser(input.user_id);
  await requireHub(input.hub_id);
  const before = await profileOf(input.user_id);
  const demotion = before?.role === 'admin' && input.role !== 'admin';
  if (demotion) await requireAnotherAdmin(input.user_id);
  const update = () =>
    service(
      `/auth/v1/admin/users/${input.user_id}`,
      {
        method: 'PUT',
        body: JSON.stringify({
          email: input.email,
          ...(input.password === undefined ? {} : { password: input.password }),
          user_metadata: { full_name: input.full_name },
          app_metadata: { role: input.role, hub_id: input.hub_id },
        }),
      },
      'Failed to update user',
    );
  // Another admin's change may have left this one the last admin meanwhile (issue 27).
  await (demotion ? takingAnAdminAway(input.user_id, update) : update());
  return {
    user: { id: input.user_id, email: input.email, full_name: input.full_name, role: input.role, hub_id: input.hub_id },
  };
});
