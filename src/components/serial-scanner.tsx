// "Pindai Nomor Seri" (issue 42): TVs taken one after another by their serial number's barcode,
// through the camera (continuous: no tap per box), a keyboard-wedge scanner (it types the code
// and Enter into the field, which keeps focus while the dialog is open) or by hand. Each code is
// put in its one form and judged at once (serial-scanner-logic.ts: not a serial, already taken,
// then the caller's rule, e.g. checkLoadScan), with a beep and a vibration (a refusal sounds
// different), the running count in large figures, the last five taken, and a refusal's reason
// in words until the next code. A code held in front of the camera is taken once.
// For the bench and tests: each judgement is a performance mark `serial-scan` (detail: the
// serial and its outcome), made in the task that judged it, when the beep starts.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { lazy, Suspense } from 'react';
import { CheckCircle2, Keyboard, X, XCircle } from 'lucide-react';
import type { KeyedMessage } from '../../sync/pure';
import { useT } from '../lib/i18n';
import { messageInLanguage } from '../lib/i18n/server-message';
import { primeScanFeedback, scanFeedback } from '../lib/scan-feedback';
import { cn } from '../lib/utils';
import { DialogFrame } from './dialog-frame';
import { Button } from './ui/button';
import { Input } from './ui/input';
import {
  HeldCodes,
  isTerminator,
  judgeCode,
  recentSerials,
  splitWedgeText,
  type Judgement,
} from './serial-scanner-logic';
import type { ReaderState } from './serial-scanner-camera';

const SerialCamera = lazy(() => import('./serial-scanner-camera').then((m) => ({ default: m.SerialCamera })));

export interface SerialScannerProps {
  /** The dialog's title (default: "Pindai Nomor Seri"). */
  title?: string;
  /** The caller's rule for a serial in its one form: null when it may be taken, else why not. */
  check: (serial: string) => KeyedMessage | null;
  onAccept: (serial: string) => void;
  onRemove?: (serial: string) => void;
  /** The serials taken so far, in the order taken. */
  accepted: readonly string[];
  /** How many are expected (e.g. the TV quantity): the count reads "8 / 12". */
  target?: number;
  onClose: () => void;
}

let judged = 0;

export function SerialScannerDialog({
  title,
  check,
  onAccept,
  onRemove,
  accepted,
  target,
  onClose,
}: SerialScannerProps) {
  const t = useT();
  const [last, setLast] = useState<(Judgement & { seq: number }) | null>(null);
  const [camera, setCamera] = useState<'on' | string>('on');
  const [reader, setReader] = useState<ReaderState>('loading');
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const held = useRef(new HeldCodes());
  // What is taken, ahead of the parent's next render (two codes in one frame, a fast wedge).
  const taken = useRef(new Set(accepted));
  const rule = useRef(check);
  const accept = useRef(onAccept);
  useEffect(() => {
    taken.current = new Set(accepted);
    rule.current = check;
    accept.current = onAccept;
  }, [accepted, check, onAccept]);
  useEffect(() => primeScanFeedback(), []);

  const [judge] = useState(() => (raw: string) => {
    const judgement = judgeCode(raw, taken.current, rule.current);
    scanFeedback(judgement.outcome);
    performance.mark('serial-scan', {
      detail: { serial: judgement.serial ?? raw, outcome: judgement.outcome },
    });
    if (judgement.outcome === 'accepted') {
      taken.current.add(judgement.serial);
      accept.current(judgement.serial);
    }
    setLast({ ...judgement, seq: ++judged });
  });

  const onCodes = useCallback(
    (codes: string[]) => {
      const now = performance.now();
      for (const code of codes) if (held.current.isNew(code, now)) judge(code);
    },
    [judge],
  );

  // The field keeps focus while the dialog is open: a wedge scanner types into it.
  const refocus = () =>
    setTimeout(() => {
      const active = document.activeElement;
      if (input.current && !(active instanceof HTMLInputElement))
        input.current.focus({ preventScroll: true });
    }, 0);

  function takeText(value: string) {
    const { codes, rest } = splitWedgeText(value);
    codes.forEach(judge);
    setText(rest);
  }
  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (text.trim()) judge(text);
    setText('');
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!isTerminator(event.key)) return;
    event.preventDefault();
    submit();
  }

  const cameraOff = camera !== 'on';
  const recent = useMemo(() => recentSerials(accepted), [accepted]);
  const message = last?.outcome === 'refused' ? messageInLanguage(last.message) : null;
  return (
    <DialogFrame
      data-testid="serial-scanner"
      className="max-h-[100dvh] overflow-y-auto sm:max-w-2xl"
      title={title ?? t('serialScan.scanner.title')}
      description={t('serialScan.scanner.description')}
      footer={
        <Button
          type="button"
          size="lg"
          className="min-w-32"
          onClick={onClose}
          data-testid="serial-scanner-done"
        >
          {t('serialScan.scanner.done')}
        </Button>
      }
      onClose={onClose}
    >
      {cameraOff ? (
        <p
          className="rounded-md border-2 border-destructive p-3 text-base font-medium"
          role="alert"
          data-testid="serial-no-camera"
        >
          {camera
            ? t('serialScan.scanner.noCameraReason', { reason: camera })
            : t('serialScan.scanner.noCamera')}
        </p>
      ) : (
        <Suspense fallback={null}>
          <SerialCamera onCodes={onCodes} onUnavailable={(reason) => setCamera(reason)} onState={setReader} />
          <p className="text-sm" role="status" data-testid="serial-scanner-state" data-state={reader}>
            {reader === 'loading'
              ? t('handover.scan.starting')
              : reader === 'failed'
                ? t('serialScan.scanner.readerFailed')
                : t('serialScan.scanner.looking')}
          </p>
        </Suspense>
      )}
      <div className="flex items-center justify-between gap-4 rounded-md bg-muted px-4 py-2">
        <span className="text-lg font-semibold">{t('serialScan.scanner.scanned')}</span>
        <output
          className="text-5xl font-extrabold tabular-nums"
          data-testid="serial-scan-count"
          data-count={accepted.length}
          aria-live="polite"
        >
          {accepted.length}
          {target !== undefined && <span className="text-3xl text-muted-foreground"> / {target}</span>}
        </output>
      </div>
      {last && (
        <p
          key={last.seq}
          data-testid="serial-scan-last"
          data-outcome={last.outcome}
          data-seq={last.seq}
          role={last.outcome === 'refused' ? 'alert' : 'status'}
          className={cn(
            'flex items-center gap-2 rounded-md border-2 px-3 py-2 text-lg font-bold',
            last.outcome === 'accepted'
              ? 'border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100'
              : 'border-destructive bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
          )}
        >
          {last.outcome === 'accepted' ? (
            <CheckCircle2 className="size-6" aria-hidden="true" />
          ) : (
            <XCircle className="size-6" aria-hidden="true" />
          )}
          <span className="break-all">
            {message ?? t('serialScan.scanner.accepted', { serial: last.serial })}
          </span>
        </p>
      )}
      <form className="grid gap-1" onSubmit={submit} noValidate>
        <label htmlFor="serial-wedge" className="text-sm font-medium">
          {t('serialScan.scanner.wedgeLabel')}
        </label>
        <div className="flex gap-2">
          <Input
            id="serial-wedge"
            ref={input}
            data-testid="serial-wedge"
            value={text}
            onChange={(e) => takeText(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={refocus}
            // No on-screen keyboard over the camera unless asked for: a wedge scanner types anyway.
            inputMode={typing || cameraOff ? 'text' : 'none'}
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t('serialScan.scanner.wedgePlaceholder')}
            className="h-12 font-mono text-lg"
          />
          {!cameraOff && (
            <Button
              type="button"
              variant={typing ? 'default' : 'outline'}
              size="icon"
              className="size-12"
              aria-pressed={typing}
              aria-label={t('serialScan.scanner.typeByHand')}
              title={t('serialScan.scanner.typeByHand')}
              onClick={() => {
                setTyping((on) => !on);
                input.current?.focus();
              }}
            >
              <Keyboard aria-hidden="true" />
            </Button>
          )}
          <Button type="submit" size="lg" className="h-12">
            {t('serialScan.scanner.add')}
          </Button>
        </div>
      </form>
      <section aria-labelledby="serial-recent" className="grid gap-1">
        <h3 id="serial-recent" className="text-sm font-medium">
          {t('serialScan.scanner.recent')}
        </h3>
        {recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('serialScan.scanner.none')}</p>
        ) : (
          <ol className="grid gap-1" data-testid="serial-recent">
            {recent.map((serial) => (
              <li
                key={serial}
                className="flex min-h-11 items-center justify-between gap-2 rounded-md border px-3"
              >
                <span className="font-mono text-lg font-semibold break-all">{serial}</span>
                {onRemove && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('serialScan.scanner.remove', { serial })}
                    onClick={() => {
                      taken.current.delete(serial);
                      onRemove(serial);
                    }}
                  >
                    <X aria-hidden="true" />
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </DialogFrame>
  );
}
