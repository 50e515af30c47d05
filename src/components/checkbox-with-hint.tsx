// A checkbox with its label and a hint below (high contrast, a hub's blind count, the evidence
// location): the hint describes the box for screen readers (`{id}-hint`).
import { Checkbox } from './ui/checkbox';

export function CheckboxWithHint({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
  describedBy,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** More ids that describe it, after the hint's. */
  describedBy?: string;
  testId: string;
}) {
  return (
    <div className="flex items-start gap-1">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(c) => onCheckedChange(c === true)}
        aria-describedby={describedBy ? `${id}-hint ${describedBy}` : `${id}-hint`}
        data-testid={testId}
        className="-mt-2.5 -ml-3"
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
