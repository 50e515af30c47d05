// A picked photo's thumbnail with its remove button in the corner (a receipt's discrepancy
// photos, a hub form's pictures).
import { X } from 'lucide-react';
import { Button } from './ui/button';

export function RemovableThumbnail({
  src,
  alt,
  removeLabel,
  onRemove,
  disabled,
}: {
  src: string;
  alt: string;
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
}) {
  return (
    <>
      <img src={src} alt={alt} className="h-24 w-32 rounded-md border object-cover" />
      <Button
        type="button"
        size="icon"
        variant="secondary"
        className="absolute -top-2 -right-2 rounded-full shadow"
        aria-label={removeLabel}
        onClick={onRemove}
        disabled={disabled}
      >
        <X aria-hidden="true" />
      </Button>
    </>
  );
}
