// A date picker (react-day-picker) in the Indonesian locale, shown in a
// popover from a button that displays the date as dd/MM/yyyy (spec 2.5, 9).
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { id as idLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { CalendarDays } from 'lucide-react';
import { formatFormDate } from '../../lib/format-date';
import { Button } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export function DatePicker({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  /** The chosen day, or null. */
  value: Date | null;
  onChange: (day: Date | null) => void;
  invalid?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          className="h-11 w-full justify-start font-normal"
          aria-invalid={invalid || undefined}
          data-testid={`${id}-trigger`}
        >
          <CalendarDays aria-hidden="true" />
          {value ? formatFormDate(value) : 'dd/MM/yyyy'}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-2" align="start" data-testid={`${id}-calendar`}>
        <DayPicker
          mode="single"
          locale={idLocale}
          selected={value ?? undefined}
          defaultMonth={value ?? undefined}
          onSelect={(day) => {
            onChange(day ?? null);
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
