import { useId, type ReactNode } from 'react';

/** A titled part of the network detail, labelled by its heading. */
export function NetworkSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-1">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}
