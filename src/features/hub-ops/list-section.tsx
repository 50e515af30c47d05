// A titled list on the hub screen (waiting for its form, what left the hub, Selesai): its
// heading names the section for screen readers (`${id}-title`).
import type { ReactNode } from 'react';

export function ListSection({
  id,
  title,
  testId,
  children,
}: {
  id: string;
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid={testId}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
