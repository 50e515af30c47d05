import { Input } from '../../components/ui/input';
import { FormField } from '../../components/form-field';

/** Jumlah Smartboard and Jumlah Bracket: whole numbers from 0 (spec 5). */
export function QuantityFields({
  idPrefix,
  smartboard,
  bracket,
  onChange,
  errors,
}: {
  idPrefix: string;
  smartboard: string;
  bracket: string;
  onChange: (field: 'smartboard_quantity' | 'bracket_quantity', value: string) => void;
  errors: Record<string, string | undefined>;
}) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField id={`${idPrefix}-smartboard`} label="Jumlah Smartboard" error={errors.smartboard_quantity}>
        <Input
          id={`${idPrefix}-smartboard`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={smartboard}
          onChange={(e) => onChange('smartboard_quantity', e.target.value)}
          aria-invalid={!!errors.smartboard_quantity || undefined}
        />
      </FormField>
      <FormField id={`${idPrefix}-bracket`} label="Jumlah Bracket" error={errors.bracket_quantity}>
        <Input
          id={`${idPrefix}-bracket`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={bracket}
          onChange={(e) => onChange('bracket_quantity', e.target.value)}
          aria-invalid={!!errors.bracket_quantity || undefined}
        />
      </FormField>
    </div>
  );
}
