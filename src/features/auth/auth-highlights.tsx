import { Boxes, Radar, ShieldCheck, type LucideIcon } from 'lucide-react';
import { LOGIN_HIGHLIGHTS } from '../../lib/messages';

const ICONS: readonly LucideIcon[] = [Radar, Boxes, ShieldCheck];

/** The login page's pitch: what the product does for the people signing in. */
export function AuthHighlights() {
  return (
    <ul className="grid gap-3">
      {LOGIN_HIGHLIGHTS.map((text, index) => {
        const Icon = ICONS[index] ?? ShieldCheck;
        return (
          <li key={text} className="flex items-center gap-3 text-sm">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <span>{text}</span>
          </li>
        );
      })}
    </ul>
  );
}
