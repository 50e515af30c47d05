// The actions menu of a table row (Edit, Delete): a real button with the row's
// name for screen readers, and a menu of the actions given.
import { MoreHorizontal } from 'lucide-react';
import { useT } from '../lib/i18n';
import { Button } from './ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/dropdown-menu';

export interface RowAction {
  label: string;
  onSelect: () => void;
  destructive?: boolean;
  disabled?: boolean;
}

export function RowActionsMenu({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} data-testid="row-actions">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((a) => (
          <DropdownMenuItem
            key={a.label}
            disabled={a.disabled}
            onSelect={a.onSelect}
            variant={a.destructive ? 'destructive' : 'default'}
          >
            {a.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A master-data row's Edit and Delete. */
export function EditDeleteMenu({
  label,
  onEdit,
  onDelete,
  disabled,
  deleteDisabled,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Both (e.g. offline, where the change needs the server). */
  disabled?: boolean;
  /** Delete alone (e.g. an admin's own account). */
  deleteDisabled?: boolean;
}) {
  const t = useT();
  return (
    <RowActionsMenu
      label={label}
      actions={[
        { label: t('common.edit'), disabled, onSelect: onEdit },
        {
          label: t('common.delete'),
          destructive: true,
          disabled: disabled || deleteDisabled,
          onSelect: onDelete,
        },
      ]}
    />
  );
}
