// Installed in every benchmark page before its own scripts run (page.addInitScript). It records,
// while a measurement is on: animation frame intervals, long tasks, and for every line that
// appears on screen the lag from the writer's timestamp in its text (`t=<epoch ms>`) to the moment
// it was put in the DOM, as a new element or as the new text of a row element that was kept. Plain browser JavaScript, so it is injected exactly as written.
(() => {
  const STAMP = /t=(\d{13}(?:\.\d+)?)/;
  const now = () => performance.timeOrigin + performance.now();

  let recording = false;
  let frameIntervals = [];
  let longTasks = [];
  let lags = [];
  let samples = [];
  let lastFrame = 0;
  let countReader = null;
  let sampleTimer = 0;
  let observer = null;

  const onFrame = (time) => {
    if (recording && lastFrame > 0) frameIntervals.push(time - lastFrame);
    lastFrame = time;
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
    new PerformanceObserver((list) => {
      if (!recording) return;
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  }

  const stampOf = (node) => {
    const text = node.textContent;
    if (!text) return undefined;
    const match = STAMP.exec(text);
    return match ? Number(match[1]) : undefined;
  };

  const onMutations = (records) => {
    if (!recording) return;
    const seenAt = now();
    for (const record of records) {
      if (record.type === 'characterData') {
        const stamp = stampOf(record.target);
        if (stamp !== undefined) lags.push(seenAt - stamp);
        continue;
      }
      for (const node of record.addedNodes) {
        const stamp = stampOf(node);
        if (stamp !== undefined) lags.push(seenAt - stamp);
      }
    }
  };

  const sample = () => {
    if (countReader) samples.push([now(), countReader()]);
  };

  /** Numbers in an attribute or in text ("1,234 received" reads 1234). */
  const readNumber = (selector, attribute) => {
    const element = document.querySelector(selector);
    if (!element) return NaN;
    const raw = attribute ? element.getAttribute(attribute) : element.textContent;
    return raw === null ? NaN : Number(raw.replace(/[^0-9]/g, '') || NaN);
  };

  // Set by an init script registered before this one: the element whose appearance is timed.
  let firstSeenAt = null;
  if (typeof window.__benchFirst === 'string') {
    const selector = window.__benchFirst;
    const watcher = new MutationObserver(() => {
      if (firstSeenAt === null && document.querySelector(selector)) {
        firstSeenAt = performance.now();
        watcher.disconnect();
      }
    });
    watcher.observe(document, { childList: true, subtree: true });
  }

  window.__bench = {
    now,
    readNumber,
    /** Lines seen under `lines` so far in this measurement. */
    linesSeen: () => lags.length,
    /**
     * Starts a measurement. `lines`: the element new lines are added under (lag samples);
     * `count`: where the delivered count is read ({selector, attribute?}, or 'lines': the lines
     * seen under `lines`), sampled every 100 ms.
     */
    start(options) {
      frameIntervals = [];
      longTasks = [];
      lags = [];
      samples = [];
      observer?.disconnect();
      observer = null;
      if (options.lines) {
        const container = document.querySelector(options.lines);
        if (!container) throw new Error(`no element matches ${options.lines}`);
        observer = new MutationObserver(onMutations);
        observer.observe(container, { childList: true, characterData: true, subtree: true });
      }
      if (options.count === 'lines') countReader = () => lags.length;
      else if (options.count)
        countReader = () => readNumber(options.count.selector, options.count.attribute);
      else countReader = null;
      clearInterval(sampleTimer);
      sampleTimer = setInterval(sample, 100);
      recording = true;
      sample();
    },
    /**
     * Types `value` into the input matching `selector` as one edit, and resolves with the ms from
     * the edit to the first animation frame after it was handled (the filtered view painted); with
     * `pending`, to the first frame in which nothing matches it (what a view shows while it has
     * not finished with the edit).
     */
    timeInput(selector, value, pending) {
      const input = document.querySelector(selector);
      if (!(input instanceof HTMLInputElement)) throw new Error(`no input matches ${selector}`);
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      return new Promise((resolve) => {
        const started = performance.now();
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const frame = () => {
          if (pending && document.querySelector(pending)) requestAnimationFrame(frame);
          else setTimeout(() => resolve(performance.now() - started), 0);
        };
        requestAnimationFrame(frame);
      });
    },
    /** Ms after navigation start at which the element named by `__benchFirst` first existed. */
    firstSeen: () => firstSeenAt,
    /** Ends the measurement and hands over everything recorded. */
    stop() {
      sample();
      recording = false;
      clearInterval(sampleTimer);
      observer?.disconnect();
      observer = null;
      const result = { frameIntervals, longTasks, lags, samples };
      frameIntervals = [];
      longTasks = [];
      lags = [];
      samples = [];
      return result;
    },
  };
})();
