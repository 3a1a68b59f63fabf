export interface BoundedBody {
  text: string;
  /** More bytes followed `maxBytes`; they were not read (the rest of the body was cancelled). */
  truncated: boolean;
}

/**
 * Reads at most `maxBytes` of a response body as UTF-8 text, then cancels the rest, so that an
 * error page of unbounded size (or one that never ends) cannot hold a connection or eat memory.
 * A body that was already used, or that fails mid-way, yields what was read so far.
 */
export async function readBoundedText(response: Response, maxBytes: number): Promise<BoundedBody> {
  const body = response.body;
  if (body === null || response.bodyUsed) return { text: '', truncated: false };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - received;
      if (value.byteLength > room) {
        text += decoder.decode(value.subarray(0, room), { stream: true });
        truncated = true;
        break;
      }
      received += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body that errors mid-way: keep what arrived.
  } finally {
    if (truncated) void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  return { text: text + decoder.decode(), truncated };
}
