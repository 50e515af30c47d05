// A signature drawn with a finger (issue 28): signature_pad on a wide, tall canvas with a
// thick pen, so it works with gloves; Ulangi clears it. The drawing is handed up as a PNG
// data URL after each stroke (null once cleared).
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Eraser } from 'lucide-react';
import { useT } from '../lib/i18n';
import { Button } from './ui/button';

export function SignatureField({
  id,
  label,
  hint,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  onChange: (png: string | null) => void;
}) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const signature = new SignaturePad(el, {
      minWidth: 2,
      maxWidth: 5,
      penColor: '#111827',
      backgroundColor: '#ffffff',
    });
    pad.current = signature;
    // The canvas's pixels follow its size on screen (and the screen's density); a resize
    // clears it, so the drawing is put back.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = signature.toData();
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      if (data.length) signature.fromData(data);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    const end = () => changed.current(signature.isEmpty() ? null : signature.toDataURL('image/png'));
    signature.addEventListener('endStroke', end);
    return () => {
      observer.disconnect();
      signature.removeEventListener('endStroke', end);
      signature.off();
      pad.current = null;
    };
  }, []);

  function clear() {
    pad.current?.clear();
    changed.current(null);
  }

  return (
    <div className="grid gap-2" data-testid={`signature-${id}`}>
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        <Button type="button" variant="outline" size="lg" onClick={clear}>
          <Eraser aria-hidden="true" />
          {t('handover.receipt.clear')}
        </Button>
      </div>
      <canvas
        ref={canvas}
        id={id}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={`h-56 w-full touch-none rounded-md border-2 bg-white ${error ? 'border-destructive' : 'border-input'}`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
