// Labelled fields bound to a react-hook-form form (src/lib/writes/use-command-form.ts),
// each showing its validation message underneath (./form-field.tsx), or, with
// hideError, only marked invalid where the form shows one message for all
// (FormMessage anyField). The id defaults to the field's name; pass one where
// two dialogs could show the same name at once (a nested dialog). A dialog binds them to its
// form once (useFormFields) and then names each field: <Field.Text name="city" ... />.
import { useMemo, type ComponentProps, type ReactNode } from 'react';
import { Controller, get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { parseQuantity } from '../lib/quantity';
import { FormField } from './form-field';
import { Input } from './ui/input';
import { SelectOptions, type SelectOption } from './select-options';
import { Select, SelectContent, SelectTrigger, SelectValue } from './ui/select';
import { Textarea } from './ui/textarea';

/** A field's props once its form is bound (useFormFields). */
interface BoundFieldProps<V extends FieldValues> {
  name: Path<V>;
  label: string;
  id?: string;
  hint?: string;
  /** Marks the control invalid but leaves the message to the form's one (FormMessage anyField). */
  hideError?: boolean;
}

interface FieldProps<V extends FieldValues> extends BoundFieldProps<V> {
  form: UseFormReturn<V>;
}

function errorOf<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>): string | undefined {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  return error?.message || undefined;
}

/** A field's own props apart from those of its control, the id defaulting to the name. */
function splitField<V extends FieldValues, R extends object>({
  form,
  name,
  label,
  id = name,
  hint,
  hideError,
  ...control
}: FieldProps<V> & R) {
  return { field: { form, name, label, id, hint, hideError }, control };
}

/** The label and the message around a control; `invalid` marks the control (aria-invalid). */
function Labelled<V extends FieldValues>({
  field: { form, name, label, id, hint, hideError },
  children,
}: {
  field: FieldProps<V> & { id: string };
  children: (invalid: true | undefined) => ReactNode;
}) {
  const error = errorOf(form, name);
  return (
    <FormField id={id} label={label} error={hideError ? undefined : error} hint={hint}>
      {children(error ? true : undefined)}
    </FormField>
  );
}

type InputProps = Omit<ComponentProps<typeof Input>, 'form' | 'name' | 'id'>;

export function TextField<V extends FieldValues>(props: FieldProps<V> & InputProps) {
  const { field, control } = splitField<V, InputProps>(props);
  return (
    <Labelled field={field}>
      {(invalid) => (
        <Input id={field.id} aria-invalid={invalid} {...control} {...field.form.register(field.name)} />
      )}
    </Labelled>
  );
}

/** Spec 5: a quantity input parses to an integer, falling back to 0. */
type NumberProps = Omit<InputProps, 'type'> & {
  /** How the text becomes the value (default parseQuantity; a form that refuses fractions keeps them). */
  parse?: (value: string | number) => number;
};

export function NumberField<V extends FieldValues>(props: FieldProps<V> & NumberProps) {
  const { parse = parseQuantity, ...rest } = props;
  const { field, control } = splitField<V, Omit<InputProps, 'type'>>(rest);
  return (
    <Labelled field={field}>
      {(invalid) => (
        <Input
          id={field.id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-invalid={invalid}
          {...control}
          {...field.form.register(field.name, { setValueAs: (v) => parse(v as string | number) })}
        />
      )}
    </Labelled>
  );
}

type TextareaProps = Omit<ComponentProps<typeof Textarea>, 'form' | 'name' | 'id'>;

export function TextareaField<V extends FieldValues>(props: FieldProps<V> & TextareaProps) {
  const { field, control } = splitField<V, TextareaProps>(props);
  return (
    <Labelled field={field}>
      {(invalid) => (
        <Textarea id={field.id} aria-invalid={invalid} {...control} {...field.form.register(field.name)} />
      )}
    </Labelled>
  );
}

interface SelectProps {
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  /** Beside the select, e.g. a button that adds an option (Tambah Vendor). */
  action?: ReactNode;
}

export function SelectField<V extends FieldValues>(props: FieldProps<V> & SelectProps) {
  const { field, control } = splitField<V, SelectProps>(props);
  const { form, name, id } = field;
  const { options, placeholder, disabled, action } = control;
  return (
    <Labelled field={field}>
      {(invalid) => {
        const select = (
          <Controller
            control={form.control}
            name={name}
            render={({ field: bound }) => (
              <Select
                value={(bound.value as string) || ''}
                onValueChange={bound.onChange}
                disabled={disabled}
              >
                <SelectTrigger
                  id={id}
                  data-testid={id}
                  aria-invalid={invalid}
                  onBlur={bound.onBlur}
                  ref={bound.ref}
                >
                  <SelectValue placeholder={placeholder} />
                </SelectTrigger>
                <SelectContent>
                  <SelectOptions options={options} />
                </SelectContent>
              </Select>
            )}
          />
        );
        return action ? (
          <div className="flex gap-2">
            {select}
            {action}
          </div>
        ) : (
          select
        );
      }}
    </Labelled>
  );
}

/**
 * The fields bound to one form, so that each names only its own field; stable while the form
 * is (react-hook-form keeps one form object for the life of the component).
 */
export function useFormFields<V extends FieldValues>(form: UseFormReturn<V>) {
  return useMemo(
    () => ({
      Text: (props: BoundFieldProps<V> & InputProps) => <TextField form={form} {...props} />,
      Number: (props: BoundFieldProps<V> & NumberProps) => <NumberField form={form} {...props} />,
      Textarea: (props: BoundFieldProps<V> & TextareaProps) => <TextareaField form={form} {...props} />,
      Select: (props: BoundFieldProps<V> & SelectProps) => <SelectField form={form} {...props} />,
    }),
    [form],
  );
}

/**
 * A message of the whole form (no single field), e.g. spec 5's 'Semua field harus diisi';
 * with anyField, else the first field's message (fields that hide their own).
 */
export function FormMessage<V extends FieldValues>({
  form,
  anyField,
}: {
  form: UseFormReturn<V>;
  anyField?: boolean;
}) {
  const errors = form.formState.errors;
  const first = anyField
    ? Object.values(errors).find((e) => typeof e?.message === 'string' && e.message)
    : undefined;
  const message = errors.root?.message || (first?.message as string | undefined);
  if (!message) return null;
  return (
    <p className="text-sm text-destructive" role="alert" data-testid="error-form">
      {message}
    </p>
  );
}
