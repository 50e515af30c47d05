// The one date picker (issue 30): every date field of the app, a form's or a
// filter's, is this. A button showing the day as dd/MM/yyyy opens a calendar
// (react-day-picker) in the display locale, in a popover: 44px days and
// buttons for a finger, arrow keys and Page Up/Down from the focused day, month
// and year lists to go far. The value is the day as yyyy-MM-dd ('' for none),
// as forms send it and addresses keep it; no native date input anywhere.
import { useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import { enGB, id as idLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { CalendarDays, X } from 'lucide-react';
import { Controller, get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { displayLocale, formatFormDate, formatStorageDate, toDate } from '../lib/format-date';
import { useT } from '../lib/i18n';
import { FormField } from './form-field';
import { Button } from './ui/button';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

// The calendar's look from the app's theme; every target at least 44px.
const THEME = {
  '--rdp-accent-color': 'var(--primary)',
  '--rdp-accent-background-color': 'var(--accent)',
  '--rdp-day-height': '44px',
  '--rdp-day-width': '44px',
  '--rdp-day_button-height': '44px',
  '--rdp-day_button-width': '44px',
  '--rdp-nav_button-height': '44px',
  '--rdp-nav_button-width': '44px',
  '--rdp-nav-height': '44px',
  '--rdp-weekday-opacity': '1',
  '--rdp-outside-opacity': '1',
} as CSSProperties;

const YEARS_BACK = 10;
const YEARS_AHEAD = 5;

export function DatePicker({
  id,
  label,
  value,
  onChange,
  invalid,
  clearable,
}: {
  /** The button's id (a FormField's label points at it); test ids are `${id}-trigger` and `${id}-calendar`. */
  id: string;
  /** The field's label, part of the button's accessible name with the day it shows. */
  label: string;
  /** The chosen day as yyyy-MM-dd, or '' for none. */
  value: string;
  onChange: (day: string) => void;
  invalid?: boolean;
  /** Offers Hapus tanggal (a filter's open end); without it, a chosen day stays chosen. */
  clearable?: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const selected = toDate(value || null) ?? undefined;
  // What the button shows before a day is chosen: the format's pattern.
  const shown = selected ? formatFormDate(selected) : t('datePicker.noDay');
  const thisYear = new Date().getFullYear();
  const choose = (day: Date | undefined) => {
    onChange(day ? formatStorageDate(day) : '');
    setOpen(false);
  };
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          className="h-11 w-full justify-start font-normal tabular-nums"
          // The label and what the button shows (a screen reader hears both; axe: label-content-name-mismatch).
          aria-label={`${label}: ${shown}`}
          aria-invalid={invalid || undefined}
          data-testid={`${id}-trigger`}
        >
          <CalendarDays aria-hidden="true" />
          <span className={selected ? undefined : 'text-muted-foreground'}>{shown}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="w-auto p-2"
        align="start"
        data-testid={`${id}-calendar`}
        aria-label={label}
        // The calendar puts the focus on the chosen day (or today) itself.
        onOpenAutoFocus={(e) => e.preventDefault()}
      >
        <DayPicker
          mode="single"
          required={!clearable}
          locale={displayLocale() === 'en-GB' ? enGB : idLocale}
          selected={selected}
          defaultMonth={selected}
          onSelect={choose}
          autoFocus
          captionLayout="dropdown"
          startMonth={new Date(Math.min(thisYear - YEARS_BACK, selected?.getFullYear() ?? thisYear), 0)}
          endMonth={new Date(Math.max(thisYear + YEARS_AHEAD, selected?.getFullYear() ?? thisYear), 11)}
          style={THEME}
          classNames={{ dropdown_root: 'rdp-dropdown_root h-11' }}
        />
        {clearable && selected && (
          <Button
            type="button"
            variant="ghost"
            className="mt-1 h-11 w-full"
            onClick={() => choose(undefined)}
            data-testid={`${id}-clear`}
          >
            <X aria-hidden="true" />
            {t('table.clearDay')}
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}

/** A form's date field (react-hook-form): the picker, its label and its message; the value yyyy-MM-dd. */
export function DateField<V extends FieldValues>({
  form,
  name,
  label,
  id = name,
  hint,
}: {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
  id?: string;
  hint?: string;
}) {
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message || undefined;
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <DatePicker
            id={id}
            label={label}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={(day) => {
              field.onChange(day);
              field.onBlur();
            }}
            invalid={!!error}
          />
        )}
      />
    </FormField>
  );
}
