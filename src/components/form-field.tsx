import type { ReactNode } from 'react';
import { Label } from './ui/label';

/** A labelled form control with its validation message underneath. */
export function FormField({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2" data-field={id}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}
