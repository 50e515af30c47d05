// Add User and Edit User (spec 2.12, 5, 7.5, 8.6) on the form pattern. The
// edge functions do the work on the server (online only); their `error` text
// is what the user sees when they refuse.
import type { Hub } from '../../../sync/pure';
import { FormDialog } from '../../components/form-dialog';
import { SelectField, TextField } from '../../components/form-fields';
import { asWork } from '../../lib/server-action';
import { useCommandForm } from '../../lib/use-command-form';
import * as M from './messages';
import { createUser, updateUser, type UserRow } from './user-api';
import {
  addUserSchema,
  editUserSchema,
  EMPTY_USER_FORM,
  USER_ROLES,
  type UserFormInput,
  type UserFormValues,
} from './user-form';

const ROLE_OPTIONS = USER_ROLES.map((r) => ({ value: r, label: M.ROLE_LABELS[r] }));

/** Without `user` it adds one; with it, it edits that one (a blank password keeps the old one). */
export function UserDialog({
  user,
  hubs,
  onClose,
  onSaved,
}: {
  user?: UserRow;
  hubs: readonly Hub[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, onSubmit, saving } = useCommandForm<UserFormInput>({
    defaultValues: user
      ? {
          full_name: user.full_name ?? '',
          email: user.email ?? '',
          password: '',
          role: user.role,
          hub_id: user.hub_id ?? '',
        }
      : EMPTY_USER_FORM,
    schema: user ? editUserSchema : addUserSchema,
    submit: (input) => {
      // The resolver hands over the schema's output (trimmed, hub cleared for staff roles).
      const values = input as unknown as UserFormValues;
      return user
        ? {
            run: () => asWork(() => updateUser(user.user_id, values), M.FAILURE.update),
            success: M.SUCCESS.updated,
          }
        : { run: () => asWork(() => createUser(values), M.FAILURE.create), success: M.SUCCESS.created };
    },
    onDone: () => {
      onSaved();
      onClose();
    },
  });
  const hubUser = form.watch('role') === 'hub_user';

  return (
    <FormDialog
      title={user ? M.EDIT_TITLE : M.ADD_TITLE}
      description={user?.email ?? undefined}
      testId="user-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
    >
      <TextField form={form} name="full_name" id="user-name" label={M.FIELD_NAME} autoComplete="off" />
      <TextField
        form={form}
        name="email"
        id="user-email"
        label={M.FIELD_EMAIL}
        type="email"
        autoComplete="off"
      />
      <TextField
        form={form}
        name="password"
        id="user-password"
        label={user ? M.FIELD_PASSWORD_EDIT : M.FIELD_PASSWORD}
        type="password"
        autoComplete="new-password"
      />
      <SelectField form={form} name="role" id="user-role" label={M.FIELD_ROLE} options={ROLE_OPTIONS} />
      {hubUser && (
        <SelectField
          form={form}
          name="hub_id"
          id="user-hub"
          label={M.FIELD_HUB}
          placeholder={M.CHOOSE_HUB}
          options={hubs.map((h) => ({ value: h.id, label: h.name }))}
        />
      )}
    </FormDialog>
  );
}
