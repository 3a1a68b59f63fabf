// The ceiling: a bare page that reads an SSE stream with fetch, splits it into frames and
// JSON.parses each frame's data, rendering nothing. Injected with page.addInitScript, used as
// `await window.__bareRead({url, token, expected})`.
(() => {
  const now = () => performance.timeOrigin + performance.now();

  window.__bareRead = async ({ url, token, expected, timeoutMs }) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = '';
    let count = 0;
    let bytes = 0;
    let firstAt = 0;
    const samples = [];
    let nextSample = 0;
    try {
      while (count < expected) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = now();
        if (firstAt === 0) firstAt = at;
        bytes += value.byteLength;
        pending += decoder.decode(value, { stream: true });
        let start = 0;
        for (;;) {
          const end = pending.indexOf('\n\n', start);
          if (end === -1) break;
          const dataAt = pending.indexOf('data: ', start);
          if (dataAt !== -1 && dataAt < end) {
            const lineEnd = pending.indexOf('\n', dataAt);
            JSON.parse(pending.slice(dataAt + 6, lineEnd));
            count += 1;
          }
          start = end + 2;
        }
        pending = pending.slice(start);
        if (at >= nextSample) {
          samples.push([at, count]);
          nextSample = at + 100;
        }
      }
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    const lastAt = now();
    samples.push([lastAt, count]);
    return { count, bytes, firstAt, lastAt, samples };
  };
})();
