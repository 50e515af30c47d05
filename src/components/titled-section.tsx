// A titled part of a screen (the dashboard's hubs and POD, a hub's lists, a shipment's next step,
// documents and discrepancies): a section named for screen readers by its heading (`id`).
// A part of the screen's own content is an h2; a part of a shipment's or a dialog's, an h3.
import type { ReactNode } from 'react';

const HEADING_CLASS = { 2: 'text-lg font-semibold', 3: 'font-semibold' } as const;
const SECTION_CLASS = { 2: 'grid gap-3', 3: 'grid gap-2' } as const;

export function TitledSection({
  id,
  title,
  level = 2,
  className,
  testId,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  /** The section's classes: a grid with the level's gap unless given. */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className ?? SECTION_CLASS[level]} data-testid={testId}>
      <Heading id={id} className={HEADING_CLASS[level]}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
