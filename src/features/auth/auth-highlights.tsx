import { Boxes, Radar, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useT } from '../../lib/i18n';

const HIGHLIGHTS: ReadonlyArray<
  [LucideIcon, 'auth.highlights.tracking' | 'auth.highlights.inventory' | 'auth.highlights.roles']
> = [
  [Radar, 'auth.highlights.tracking'],
  [Boxes, 'auth.highlights.inventory'],
  [ShieldCheck, 'auth.highlights.roles'],
];

/** The login page's pitch: what the product does for the people signing in. */
export function AuthHighlights() {
  const t = useT();
  return (
    <ul className="grid gap-3">
      {HIGHLIGHTS.map(([Icon, key]) => {
        return (
          <li key={key} className="flex items-center gap-3 text-sm">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <span>{t(key)}</span>
          </li>
        );
      })}
    </ul>
  );
}
