// POST { user_id } (spec 7.5), admin only. An admin cannot delete itself, nor
// the last admin. The profile stays behind as a tombstone (deleted = true).
import { existingUser, profileOf, requireAdmin, requireAnotherAdmin, service, takingAnAdminAway } from '../_shared/admin.ts';
import { serveJson } from '../_shared/http.ts';
import { refusal } from '../_shared/messages.ts';
import { deleteUserBody } from '../_shared/validate.ts';

serveJson(async (request, body) => {
  const caller = await requireAdmin(request);
  const { user_id } = deleteUserBody(body);
  if (user_id === caller.userId) throw refusal(400, 'deleteSelf');
  await existingUser(user_id);
  const remove = () => service(`/auth/v1/admin/users/${user_id}`, { method: 'DELETE' }, 'Failed to delete user');
  if ((await profileOf(user_id))?.role === 'admin') {
    await requireAnotherAdmin(user_id);
    // Another admin's change may have left this one the last admin meanwhile (issue 27).
    await takingAnAdminAway(user_id, remove);
  } else {
    await remove();
  }
  return { deleted: user_id };
});
