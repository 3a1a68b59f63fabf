/**
 * Realistic telemetry events of every type in the contract's catalogue (and some unknown ones),
 * shaped as a Chromium session observed over CDP produces them. Used to publish into the reference
 * server for end-to-end tests and for looking at the timeline.
 */

export interface PublishedEvent {
  ts: number;
  type: string;
  category: string;
  source: { kind: string; event?: string; metadata?: Record<string, string> };
  data?: Record<string, unknown> | null;
  truncated?: boolean;
}

const PAGE = 'https://shop.example.test/checkout';
const APP_JS = 'https://shop.example.test/assets/app.js';
const CTX = {
  session_id: 'C9D1A2B3',
  target_id: 'T-7F3A',
  target_type: 'page',
  frame_id: 'F-MAIN',
  loader_id: 'L-0042',
  url: PAGE,
  nav_seq: 2,
};

/** A 4×3 PNG (a red bar over a white page), small enough to publish in bulk. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAGElEQVR4nGP4z8DAwMDAxMDAwMDAwAAADwABQ1bA4QAAAABJRU5ErkJggg==';

/** An uncaught TypeError thrown in an awaited function, called from a setTimeout callback. */
export const ASYNC_ERROR_STACK = {
  callFrames: [
    {
      functionName: 'applyDiscount',
      scriptId: '41',
      url: APP_JS,
      lineNumber: 88,
      columnNumber: 14,
    },
    { functionName: 'priceCart', scriptId: '41', url: APP_JS, lineNumber: 120, columnNumber: 9 },
  ],
  parent: {
    description: 'await',
    callFrames: [
      {
        functionName: 'submitOrder',
        scriptId: '41',
        url: APP_JS,
        lineNumber: 141,
        columnNumber: 5,
      },
    ],
    parent: {
      description: 'setTimeout',
      callFrames: [
        { functionName: '', scriptId: '41', url: APP_JS, lineNumber: 160, columnNumber: 2 },
        {
          functionName: 'inject',
          scriptId: '77',
          url: 'chrome-extension://abcdefghijklmnop/content.js',
          lineNumber: 3,
          columnNumber: 20,
        },
      ],
    },
  },
};

type Spec = Omit<PublishedEvent, 'ts'>;

const cdp = (event: string): PublishedEvent['source'] => ({ kind: 'cdp', event });

/** Every known type once (plus unknown ones), in the order a page visit produces them. */
export function catalogueEvents(t0Us: number): PublishedEvent[] {
  const specs: Spec[] = [
    { type: 'cdp_connect', category: 'connection', source: { kind: 'kernel_api' }, data: {} },
    {
      type: 'page_navigation',
      category: 'page',
      source: cdp('Page.frameNavigated'),
      data: {
        url: PAGE,
        frame_id: 'F-MAIN',
        loader_id: 'L-0042',
        session_id: 'C9D1A2B3',
        target_id: 'T-7F3A',
        target_type: 'page',
      },
    },
    {
      type: 'network_request',
      category: 'network',
      source: cdp('Network.requestWillBeSent'),
      data: {
        ...CTX,
        request_id: 'R1',
        method: 'GET',
        url: 'https://shop.example.test/api/cart',
        document_url: PAGE,
        headers: { Accept: 'application/json' },
        initiator_type: 'script',
        resource_type: 'Fetch',
      },
    },
    {
      type: 'network_response',
      category: 'network',
      source: cdp('Network.responseReceived'),
      data: {
        ...CTX,
        request_id: 'R1',
        method: 'GET',
        url: 'https://shop.example.test/api/cart',
        status: 200,
        status_text: 'OK',
        headers: { 'content-type': 'application/json' },
        mime_type: 'application/json',
        resource_type: 'Fetch',
        body: '{"items":[{"sku":"A-1","qty":2}],"total":41.5}',
      },
    },
    {
      type: 'network_request',
      category: 'network',
      source: cdp('Network.requestWillBeSent'),
      data: {
        ...CTX,
        request_id: 'R2',
        method: 'POST',
        url: 'https://shop.example.test/api/coupon',
        document_url: PAGE,
        headers: { 'content-type': 'application/json' },
        post_data: '{"code":"SPRING"}',
        initiator_type: 'script',
        resource_type: 'XHR',
      },
    },
    {
      type: 'network_response',
      category: 'network',
      source: cdp('Network.responseReceived'),
      data: {
        ...CTX,
        request_id: 'R2',
        method: 'POST',
        url: 'https://shop.example.test/api/coupon',
        status: 404,
        status_text: 'Not Found',
        headers: { 'content-type': 'text/plain' },
        mime_type: 'text/plain',
        resource_type: 'XHR',
        body: 'coupon not found',
      },
    },
    {
      type: 'network_request',
      category: 'network',
      source: cdp('Network.requestWillBeSent'),
      data: {
        ...CTX,
        request_id: 'R3',
        method: 'GET',
        url: 'https://cdn.example.test/fonts/inter.woff2',
        resource_type: 'Font',
      },
    },
    {
      type: 'network_loading_failed',
      category: 'network',
      source: cdp('Network.loadingFailed'),
      data: {
        ...CTX,
        request_id: 'R3',
        error_text: 'net::ERR_NAME_NOT_RESOLVED',
        canceled: false,
        resource_type: 'Font',
      },
    },
    {
      type: 'page_dom_content_loaded',
      category: 'page',
      source: cdp('Page.domContentEventFired'),
      data: { ...CTX, cdp_timestamp: 5120.25 },
    },
    {
      type: 'console_log',
      category: 'console',
      source: cdp('Runtime.consoleAPICalled'),
      data: {
        ...CTX,
        level: 'info',
        text: 'checkout ready',
        args: ['checkout ready', '{"step":2}'],
        stack_trace: {
          callFrames: [
            { functionName: 'boot', scriptId: '41', url: APP_JS, lineNumber: 10, columnNumber: 3 },
          ],
        },
      },
    },
    {
      type: 'console_log',
      category: 'console',
      source: cdp('Runtime.consoleAPICalled'),
      data: {
        ...CTX,
        level: 'warning',
        text: 'slow coupon service',
        args: ['slow coupon service'],
      },
    },
    {
      type: 'page_load',
      category: 'page',
      source: cdp('Page.loadEventFired'),
      data: { ...CTX, cdp_timestamp: 5121.5 },
    },
    {
      type: 'monitor_screenshot',
      category: 'screenshot',
      source: { kind: 'local_process' },
      data: { png: TINY_PNG },
    },
    {
      type: 'page_layout_shift',
      category: 'page',
      source: cdp('PerformanceTimeline.timelineEventAdded'),
      data: {
        ...CTX,
        source_frame_id: 'F-MAIN',
        time: 5121.9,
        duration: 0,
        layout_shift_details: { value: 0.2381, had_recent_input: false },
      },
    },
    {
      type: 'page_lcp',
      category: 'page',
      source: cdp('PerformanceTimeline.timelineEventAdded'),
      data: {
        ...CTX,
        source_frame_id: 'F-MAIN',
        time: 5122.1,
        lcp_details: {
          render_time: 1834.2,
          load_time: 1790.4,
          size: 48000,
          element_id: 'hero',
          url: 'https://shop.example.test/img/hero.webp',
          node_id: 52,
        },
      },
    },
    {
      type: 'page_layout_settled',
      category: 'page',
      source: cdp('Page.lifecycleEvent'),
      data: { ...CTX },
    },
    {
      type: 'network_idle',
      category: 'network',
      source: cdp('Network.loadingFinished'),
      data: { ...CTX },
    },
    {
      type: 'page_navigation_settled',
      category: 'page',
      source: cdp('Page.lifecycleEvent'),
      data: { ...CTX },
    },
    {
      type: 'interaction_click',
      category: 'interaction',
      source: cdp('Runtime.bindingCalled'),
      data: {
        ...CTX,
        x: 412,
        y: 580,
        selector: 'form#pay > button.primary',
        tag: 'BUTTON',
        text: 'Pay now',
      },
    },
    {
      type: 'interaction_key',
      category: 'interaction',
      source: cdp('Runtime.bindingCalled'),
      data: { ...CTX, key: 'Enter', selector: 'input#coupon', tag: 'INPUT' },
    },
    {
      type: 'interaction_scroll_settled',
      category: 'interaction',
      source: cdp('Runtime.bindingCalled'),
      data: { ...CTX, from_x: 0, from_y: 0, to_x: 0, to_y: 1240, target_selector: 'html' },
    },
    {
      type: 'console_error',
      category: 'console',
      source: cdp('Runtime.exceptionThrown'),
      data: {
        ...CTX,
        text: "Uncaught TypeError: Cannot read properties of undefined (reading 'rate')",
        line: 88,
        column: 14,
        source_url: APP_JS,
        stack_trace: ASYNC_ERROR_STACK,
      },
    },
    {
      type: 'page_tab_opened',
      category: 'page',
      source: cdp('Target.targetCreated'),
      data: {
        target_id: 'T-88',
        target_type: 'page',
        url: 'https://help.example.test/',
        title: 'Help centre',
        opener_id: 'T-7F3A',
      },
    },
    {
      type: 'monitor_disconnected',
      category: 'monitor',
      source: { kind: 'local_process' },
      data: { reason: 'chrome_restarted' },
    },
    {
      type: 'monitor_reconnected',
      category: 'monitor',
      source: { kind: 'local_process' },
      data: { reconnect_duration_ms: 1830 },
    },
    {
      type: 'monitor_reconnect_failed',
      category: 'monitor',
      source: { kind: 'local_process' },
      data: { reason: 'reconnect_exhausted' },
    },
    {
      type: 'monitor_init_failed',
      category: 'monitor',
      source: { kind: 'local_process' },
      data: { step: 'attach_target' },
    },
    {
      type: 'api_call',
      category: 'control',
      source: { kind: 'kernel_api' },
      data: { request_id: 'api-5', operation_id: 'writeClipboard', status: 200, duration_ms: 12 },
    },
    {
      type: 'cdp_disconnect',
      category: 'connection',
      source: { kind: 'kernel_api' },
      data: { duration_ms: 93_500, message_count: 812, reason: 'client_close' },
    },
    {
      type: 'live_view_connect',
      category: 'connection',
      source: { kind: 'kernel_api' },
      data: { session_id: 'lv-1' },
    },
    {
      type: 'live_view_disconnect',
      category: 'connection',
      source: { kind: 'kernel_api' },
      data: { session_id: 'lv-1', duration_ms: 60_000 },
    },
    {
      type: 'captcha_solve_result',
      category: 'captcha',
      source: { kind: 'extension' },
      data: {
        captcha_type: 'recaptcha_v2',
        status: 'timeout',
        duration_ms: 30_000,
        task_id: 'cap-9',
        website_host: 'shop.example.test',
        website_path: '/checkout',
        error_code: 'ERR_TIMEOUT',
      },
    },
    {
      type: 'system_oom_kill',
      category: 'system',
      source: { kind: 'local_process' },
      data: {
        process_name: 'chromium',
        pid: 4242,
        rss_kb: 1_843_200,
        trigger_process_name: 'chromium',
        trigger_pid: 4242,
        constraint: 'CONSTRAINT_NONE',
        mem_total_kb: 4_000_000,
        mem_free_kb: 51_200,
        top_tasks: [{ pid: 4242, name: 'chromium', rss_kb: 1_843_200 }],
      },
    },
    {
      type: 'service_crashed',
      category: 'system',
      source: { kind: 'local_process' },
      data: { service_name: 'neko', phase: 'running', pid: 311 },
    },
    {
      type: 'page_crashed',
      category: 'page',
      source: cdp('Inspector.targetCrashed'),
      data: { ...CTX, reason: 'renderer process gone' },
    },
    {
      type: 'quota_notice',
      category: 'billing',
      source: { kind: 'kernel_api' },
      data: { message: 'session minutes at 80% of the plan' },
    },
    {
      type: 'console_log',
      category: 'console',
      source: cdp('Runtime.consoleAPICalled'),
      truncated: true,
      data: null,
    },
  ];
  return specs.map((spec, index) => ({ ts: t0Us + index * 150_000, ...spec }));
}
