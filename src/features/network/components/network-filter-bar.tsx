/** The requests' filter bar: the filter language, failed only, the count and the type chips. */
import type { MouseEvent, ReactNode } from 'react';
import { useStore } from 'zustand';
import { Input } from '../../../components/ui/input';
import { TEST_IDS } from '../../../config/test-ids';
import { cn } from '../../../lib/cn';
import {
  NETWORK_TYPES,
  type NetworkType,
} from '../../../entities/session-events/model/network-query';
import type { NetworkViewFilter } from '../../../entities/session-events/model/network-table';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

export const NETWORK_FILTER_ID = 'network-filter';

const TYPE_LABELS: Record<NetworkType, string> = {
  document: 'Doc',
  fetch: 'Fetch/XHR',
  script: 'JS',
  stylesheet: 'CSS',
  image: 'Img',
  font: 'Font',
  other: 'Other',
};

export function FilterBar({
  timeline,
  shown,
  total,
  errors,
  children,
}: {
  timeline: Timeline;
  shown: number;
  total: number;
  errors: string[];
  children: ReactNode;
}) {
  const filter = useStore(timeline.store, (state) => state.network);
  const update = (change: Partial<NetworkViewFilter>): void =>
    timeline.store.setState((state) => ({ network: { ...state.network, ...change } }));
  // as DevTools: a chip shows only its type; with Ctrl or ⌘ it is added to (or taken from) the others
  const onType = (type: NetworkType, event: MouseEvent): void => {
    const add = event.ctrlKey || event.metaKey;
    const has = filter.types.includes(type);
    if (!add) update({ types: has && filter.types.length === 1 ? [] : [type] });
    else update({ types: has ? filter.types.filter((t) => t !== type) : [...filter.types, type] });
  };
  return (
    <div className="flex shrink-0 flex-col gap-1.5 border-b border-border bg-panel px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={NETWORK_FILTER_ID} className="sr-only">
          Filter requests
        </label>
        <Input
          id={NETWORK_FILTER_ID}
          type="search"
          value={filter.text}
          placeholder="Filter: words, domain:, status-code:…"
          title="As in DevTools: words match the URL, headers and bodies; domain:, -domain:, status-code:, method:, mime-type:, larger-than:10k, is:failed, url:, scheme:, has-response-header:, /regex/; - before a term negates it"
          aria-invalid={errors.length > 0}
          aria-describedby={errors.length > 0 ? `${NETWORK_FILTER_ID}-errors` : undefined}
          onChange={(event) => update({ text: event.target.value })}
          className="h-8 w-80 max-w-full text-xs"
        />
        <button
          type="button"
          aria-pressed={filter.failedOnly}
          onClick={() => update({ failedOnly: !filter.failedOnly })}
          className={cn(
            'h-8 rounded-md border px-2 text-xs font-medium',
            filter.failedOnly
              ? 'border-danger bg-danger-bg text-danger'
              : 'border-border bg-panel-2 text-fg',
          )}
        >
          Failed only
        </button>
        <span className="text-xs text-muted tabular-nums" data-testid={TEST_IDS.networkCount}>
          {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')} requests
        </span>
        <span className="ml-auto">{children}</span>
      </div>
      {errors.length > 0 && (
        <p id={`${NETWORK_FILTER_ID}-errors`} role="alert" className="text-xs text-danger">
          {errors.join('; ')}
        </p>
      )}
      <div
        role="group"
        aria-label="Request types shown (Ctrl or ⌘ adds to the choice)"
        className="flex flex-wrap gap-1"
      >
        <button
          type="button"
          aria-pressed={filter.types.length === 0}
          onClick={() => update({ types: [] })}
          className={chip(filter.types.length === 0)}
        >
          All
        </button>
        {NETWORK_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={filter.types.includes(type)}
            onClick={(event) => onType(type, event)}
            className={chip(filter.types.includes(type))}
          >
            {TYPE_LABELS[type]}
          </button>
        ))}
      </div>
    </div>
  );
}

function chip(on: boolean): string {
  return cn(
    'h-6 rounded-full border px-2 text-xs',
    on ? 'border-accent bg-panel-2 text-fg font-medium' : 'border-border text-muted hover:text-fg',
  );
}
