import type { ReactNode } from 'react';

/** One positioned row of a virtualized list (TanStack Virtual's `start` offset, full width). */
export function VirtualRow({ start, children }: { start: number; children: ReactNode }) {
  return (
    <div
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${start}px)`,
      }}
    >
      {children}
    </div>
  );
}
