// Labelled fields bound to a react-hook-form form (src/lib/use-command-form.ts),
// each showing its validation message underneath (./form-field.tsx). The id
// defaults to the field's name; pass one where two dialogs could show the
// same name at once (a nested dialog).
import type { ComponentProps } from 'react';
import { Controller, get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { parseQuantity } from '../lib/quantity';
import { FormField } from './form-field';
import { Input } from './ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';
import { Textarea } from './ui/textarea';

interface FieldProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
  id?: string;
  hint?: string;
}

function errorOf<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>): string | undefined {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  return error?.message || undefined;
}

export function TextField<V extends FieldValues>({
  form,
  name,
  label,
  id = name,
  hint,
  ...input
}: FieldProps<V> & Omit<ComponentProps<typeof Input>, 'form' | 'name' | 'id'>) {
  const error = errorOf(form, name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input id={id} aria-invalid={!!error || undefined} {...input} {...form.register(name)} />
    </FormField>
  );
}

/** Spec 5: a quantity input parses to an integer, falling back to 0. */
export function NumberField<V extends FieldValues>({
  form,
  name,
  label,
  id = name,
  hint,
  ...input
}: FieldProps<V> & Omit<ComponentProps<typeof Input>, 'form' | 'name' | 'id' | 'type'>) {
  const error = errorOf(form, name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        aria-invalid={!!error || undefined}
        {...input}
        {...form.register(name, { setValueAs: (v) => parseQuantity(v as string | number) })}
      />
    </FormField>
  );
}

export function TextareaField<V extends FieldValues>({
  form,
  name,
  label,
  id = name,
  hint,
  ...textarea
}: FieldProps<V> & Omit<ComponentProps<typeof Textarea>, 'form' | 'name' | 'id'>) {
  const error = errorOf(form, name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Textarea id={id} aria-invalid={!!error || undefined} {...textarea} {...form.register(name)} />
    </FormField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField<V extends FieldValues>({
  form,
  name,
  label,
  id = name,
  hint,
  options,
  placeholder,
  disabled,
}: FieldProps<V> & { options: readonly SelectOption[]; placeholder?: string; disabled?: boolean }) {
  const error = errorOf(form, name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select value={(field.value as string) || ''} onValueChange={field.onChange} disabled={disabled}>
            <SelectTrigger id={id} data-testid={id} aria-invalid={!!error || undefined} onBlur={field.onBlur} ref={field.ref}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}

/** A message of the whole form (no single field), e.g. spec 5's 'Semua field harus diisi'. */
export function FormMessage<V extends FieldValues>({ form }: { form: UseFormReturn<V> }) {
  const message = form.formState.errors.root?.message;
  if (!message) return null;
  return (
    <p className="text-sm text-destructive" role="alert" data-testid="error-form">
      {message}
    </p>
  );
}
