import type { AttemptEnd } from './attempt';
import type { RelayState } from './relay-fetch';

/** The page asks the stream worker to open or drop one connection attempt. */
export type ToStreamWorker =
  | {
      type: 'start';
      id: number;
      /** Absolute. */
      url: string;
      headers: Record<string, string>;
      /** A StreamDecoder's name. */
      decoder: string;
      /** Report byte activity for the stall watchdog. */
      watch: boolean;
    }
  | { type: 'abort'; id: number }
  /** The page has taken `items` of the attempt's items into its store: more may come. */
  | { type: 'release'; id: number; items: number }
  /** A batch's buffer of texts the page no longer holds, to stage into again (batch-bytes.ts). */
  | { type: 'recycle'; buffer: ArrayBuffer };

/** What the worker reports about attempt `id`, in the order it happened. */
export type FromStreamWorker =
  | { type: 'open'; id: number; status: number; headers: [string, string][] }
  | { type: 'items'; id: number; packed: unknown }
  | { type: 'touch'; id: number }
  | { type: 'end'; id: number; end: AttemptEnd }
  /** How the worker's streams travel now (the stream relay, or one connection each). */
  | { type: 'transport'; state: RelayState };
