/**
 * The headers a request really carried, from the Network domain's "extra info" events: the
 * browser's own `requestWillBeSent` shows only what the page set (no `Cookie`, no `Host`), and a
 * response's `headers` lack `Set-Cookie`. The network stack reports the full ones separately,
 * before or after the main events, once per hop of a redirect chain.
 */

type Params = Record<string, unknown>;

/** Requests whose extra info never found its request are forgotten past this many. */
export const EXTRA_INFO_KEPT = 1000;

interface Hops {
  /** Full request headers, one entry per hop that had extra info, in the order they came. */
  sent: Params[];
  /** Full response headers, likewise. */
  received: Params[];
}

function headersOf(params: Params): Params | undefined {
  const headers = params.headers;
  return headers !== null && typeof headers === 'object' && !Array.isArray(headers)
    ? (headers as Params)
    : undefined;
}

/**
 * Extra info by request id, paired with a hop by position: the n-th `requestWillBeSentExtraInfo`
 * of an id belongs to the n-th hop that went to the network (a hop answered without the network,
 * as the browser says with `redirectHasExtraInfo: false`, has none). As DevTools pairs them.
 */
export class ExtraInfo {
  private readonly byRequest = new Map<string, Hops>();

  requestSent(requestId: string, params: Params): void {
    const headers = headersOf(params);
    if (headers) this.hops(requestId).sent.push(headers);
  }

  responseReceived(requestId: string, params: Params): void {
    const headers = headersOf(params);
    if (headers) this.hops(requestId).received.push(headers);
  }

  /** The full request headers of hop `hop` (counted among hops with extra info), when known. */
  sentHeaders(requestId: string, hop: number): Params | undefined {
    return this.byRequest.get(requestId)?.sent[hop];
  }

  receivedHeaders(requestId: string, hop: number): Params | undefined {
    return this.byRequest.get(requestId)?.received[hop];
  }

  forget(requestId: string): void {
    this.byRequest.delete(requestId);
  }

  clear(): void {
    this.byRequest.clear();
  }

  get size(): number {
    return this.byRequest.size;
  }

  private hops(requestId: string): Hops {
    let hops = this.byRequest.get(requestId);
    if (!hops) {
      hops = { sent: [], received: [] };
      this.byRequest.set(requestId, hops);
      // Extra info for a request never seen (or seen by another target) must not pile up.
      if (this.byRequest.size > EXTRA_INFO_KEPT) {
        const oldest = this.byRequest.keys().next().value;
        if (oldest !== undefined) this.byRequest.delete(oldest);
      }
    }
    return hops;
  }
}
