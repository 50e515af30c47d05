// A dialog opened from inside a form's dialog (the serial scanner over a shipping form or the
// counted receipt, issue 42) is a dialog of its own (portalled), but React passes its events up
// through the form: its "Tambah" must not submit the form, nor its keys (a wedge scanner's Enter)
// reach the form's dialog.
import type { ReactNode } from 'react';

export function Contained({ children }: { children: ReactNode }) {
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
  return (
    <div className="contents" onSubmit={stop} onKeyDown={stop}>
      {children}
    </div>
  );
}
