import { describe, expect, it } from 'vitest';
import { event, STACK, summary } from '../testing/catalogue-fixtures';
import type { TelemetryEvent } from '../../../types/api';
import {
  KNOWN_CATEGORIES,
  categoryDescription,
  categoryStyle,
  describeEvent,
  laneStyle,
} from './catalogue';
import { makeEventItem } from './event-item';
import { HAYSTACK_MAX, searchText } from './event-search';
import { SUMMARY_MAX } from './event-summaries';

/** The description of an event, with the search text a search would build for it. */
function describeAndSearch(telemetryEvent: TelemetryEvent) {
  return {
    ...describeEvent(telemetryEvent),
    haystack: searchText({ ...makeEventItem(1, telemetryEvent, 0, 0), index: 0 }),
  };
}

describe('categories', () => {
  it('lists the known categories in display order', () => {
    expect(KNOWN_CATEGORIES).toEqual([
      'console',
      'network',
      'page',
      'interaction',
      'screenshot',
      'monitor',
      'control',
      'platform',
      'connection',
      'system',
      'captcha',
    ]);
  });

  it('gives known categories a label, their own colour variable and icon', () => {
    expect(categoryStyle('network')).toEqual({
      label: 'Network',
      colorVar: '--cat-network',
      icon: 'network',
    });
    expect(categoryStyle('monitor').label).toBe('Monitor');
    for (const category of KNOWN_CATEGORIES.filter((name) => name !== 'platform')) {
      expect(categoryStyle(category).colorVar).toBe(`--cat-${category}`);
      expect(categoryStyle(category).icon).toBe(category);
    }
  });

  it('draws platform with the control look under its own label', () => {
    expect(categoryStyle('platform')).toEqual({
      label: 'Platform',
      colorVar: '--cat-control',
      icon: 'control',
    });
  });

  it('describes every known category in one sentence, and no unknown one', () => {
    for (const category of KNOWN_CATEGORIES) {
      const description = categoryDescription(category);
      expect(description, category).toMatch(/^[A-Z].{10,120}\.( Opt-in\.)?$/);
    }
    expect(categoryDescription('platform')).toMatch(/manage the session.*Opt-in/);
    expect(categoryDescription('proxy')).toBeNull();
    expect(categoryDescription('__proto__')).toBeNull();
  });

  it.each(['proxy', 'constructor', '__proto__', 'toString', 'Network'])(
    'shows the unknown category %s under its own name in the "other" style',
    (category) => {
      expect(categoryStyle(category)).toEqual({
        label: category,
        colorVar: '--cat-other',
        icon: 'other',
      });
    },
  );
});

describe('describeEvent error flag', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['console_log', { level: 'warning', text: 'w' }, false],
    ['console_error', { text: 'boom' }, true],
    ['network_response', { status: 200 }, false],
    ['network_response', { status: 399 }, false],
    ['network_response', { status: 404 }, true],
    ['network_response', { status: '503' }, true],
    ['network_loading_failed', { error_text: 'net::ERR_FAILED' }, true],
    ['network_loading_failed', { error_text: 'net::ERR_FAILED', canceled: false }, true],
    ['network_loading_failed', { error_text: 'net::ERR_ABORTED', canceled: true }, false],
    ['monitor_disconnected', {}, true],
    ['monitor_reconnected', { reconnect_duration_ms: 5 }, false],
    ['monitor_reconnect_failed', {}, true],
    ['monitor_init_failed', {}, true],
    ['service_crashed', {}, true],
    ['system_oom_kill', {}, true],
    ['api_call', { status: 200 }, false],
    ['api_call', { status: 500 }, true],
    ['api_call', { status: '404' }, true],
    ['api_call', { status: 'not a number' }, false],
    ['captcha_solve_result', { status: 'success' }, false],
    ['captcha_solve_result', { status: 'timeout' }, true],
    ['captcha_solve_result', { status: 'abandoned' }, true],
    ['page_crashed', {}, true],
    ['proxy_error', { code: 'upstream_timeout' }, true],
    ['upload_failed', {}, true],
    ['cdp_command', { method: 'Page.navigate' }, false],
    ['platform_api_call', { status: 200 }, false],
    ['platform_api_call', { status: 404 }, true],
    ['captcha_solve_started', { captcha_type: 'turnstile' }, false],
    ['captcha_challenge_result', { status: 'solved' }, false],
    ['captcha_challenge_result', { status: 'abandoned' }, true],
    ['captcha_challenge_result', {}, false],
    ['cdp_disconnect', { reason: 'upstream_error', telemetry_dropped: 3 }, false],
  ])('%s %j → %s', (type, data, expected) => {
    expect(describeEvent(event(type, 'x', data)).error).toBe(expected);
  });
});

describe('describeEvent level', () => {
  it('is the console level, "log" when missing, "error" for console errors, null otherwise', () => {
    expect(describeEvent(event('console_log', 'console', { level: 'warning' })).level).toBe(
      'warning',
    );
    expect(describeEvent(event('console_log', 'console', { level: 3 })).level).toBe('log');
    expect(describeEvent(event('console_log', 'console')).level).toBe('log');
    expect(describeEvent(event('console_error', 'console', { level: 'error' })).level).toBe(
      'error',
    );
    expect(describeEvent(event('network_idle', 'network', { level: 'info' })).level).toBeNull();
  });
});

describe('describeEvent unknown types', () => {
  it('summarizes from the most telling fields', () => {
    expect(
      summary('relay_error', 'network', {
        message: 'upstream refused the connection',
        url: 'https://x.example/',
        status: 502,
        extra: { deep: true },
      }),
    ).toBe('upstream refused the connection · https://x.example/ · status=502');
  });

  it('falls back to compact JSON, cut to about 300 characters', () => {
    expect(summary('bidi_command', 'control', { id: 7, params: { a: [1, 2] } })).toBe(
      '{"id":7,"params":{"a":[1,2]}}',
    );
    const long = summary('vm_snapshot', 'platform', { blob: { v: 'x'.repeat(2000) } });
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long.endsWith('…')).toBe(true);
  });

  it('says when there is no data', () => {
    expect(summary('heartbeat', 'system')).toBe('(no data)');
    expect(summary('heartbeat', 'system', {})).toBe('(no data)');
  });

  it('is not confused by type names that are Object.prototype keys', () => {
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const described = describeEvent(event(type, 'x', { text: 'hi' }));
      expect(described.summary).toBe('hi');
      expect(described.error).toBe(false);
    }
  });
});

describe('describeEvent with hostile or missing data', () => {
  const knownTypes = [
    'console_log',
    'console_error',
    'network_request',
    'network_response',
    'network_loading_failed',
    'network_idle',
    'page_navigation',
    'page_dom_content_loaded',
    'page_load',
    'page_tab_opened',
    'page_layout_shift',
    'page_lcp',
    'page_layout_settled',
    'page_navigation_settled',
    'interaction_click',
    'interaction_key',
    'interaction_scroll_settled',
    'monitor_screenshot',
    'monitor_disconnected',
    'monitor_reconnected',
    'monitor_reconnect_failed',
    'monitor_init_failed',
    'api_call',
    'platform_api_call',
    'cdp_command',
    'cdp_connect',
    'cdp_disconnect',
    'live_view_connect',
    'live_view_disconnect',
    'page_crashed',
    'proxy_error',
    'captcha_solve_result',
    'captcha_solve_started',
    'captcha_challenge_result',
    'system_oom_kill',
    'service_crashed',
    'brand_new_type',
  ];
  const wrong = {
    text: { nested: 'object' },
    args: 'not an array',
    url: ['array'],
    method: null,
    status: { code: 500 },
    mime_type: 42,
    title: false,
    x: 'left',
    y: NaN,
    key: {},
    selector: [],
    layout_shift_details: 'none',
    lcp_details: [1, 2],
    reason: Symbol.iterator.toString(),
    duration_ms: 'slow',
    rss_kb: Infinity,
    stack_trace: { callFrames: 'nope', parent: 7 },
    level: ['x'],
    connection_id: { id: 1 },
    event_type: NaN,
    text_length: 'many',
    file_count: -Infinity,
    url_scheme: [],
    code: { nested: true },
    accept: 'yes',
    telemetry_excluded: 'NaN',
  };

  it.each(knownTypes)('%s never throws nor prints undefined or [object Object]', (type) => {
    for (const data of [undefined, {}, wrong]) {
      const described = describeAndSearch(event(type, 'whatever', data));
      expect(described.summary).not.toMatch(/undefined|\[object Object\]|NaN|Infinity/);
      expect(described.summary).not.toMatch(/[\r\n]/);
      expect(described.haystack).not.toMatch(/undefined|\[object Object\]/);
    }
  });

  it('collapses line breaks and bounds the summary', () => {
    const text = `first\r\n  line\u2028${'y'.repeat(5000)}`;
    const described = describeEvent(
      event('network_loading_failed', 'network', { error_text: text }),
    );
    expect(described.summary).toMatch(/^first line y+…$/);
    expect(described.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    const huge = describeAndSearch(event('console_log', 'console', { text: 'z'.repeat(100_000) }));
    expect(huge.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(huge.haystack.length).toBeLessThanOrEqual(HAYSTACK_MAX);
  });

  it('keeps hostile markup as plain text', () => {
    const markup = '<img src=x onerror=alert(1)>';
    expect(summary('console_log', 'console', { text: markup })).toBe(markup);
  });

  it('reads status, coordinates and durations sent as numeric strings', () => {
    expect(
      summary('api_call', 'control', { operation_id: 'op', status: '201', duration_ms: '7' }),
    ).toBe('op → 201 (7 ms)');
    expect(summary('interaction_click', 'interaction', { x: '10', y: '20' })).toBe(
      'click at 10,20',
    );
  });

  it('tolerates a cyclic stack trace parent chain without hanging', () => {
    const stack: Record<string, unknown> = {
      callFrames: [{ functionName: 'spin', url: 'https://a/' }],
    };
    stack.parent = stack;
    const described = describeAndSearch(
      event('console_error', 'console', { text: 'e', stack_trace: stack }),
    );
    expect(described.haystack).toContain('spin');
    expect(described.haystack.length).toBeLessThanOrEqual(HAYSTACK_MAX);
  });
});

describe('describeEvent dropped data', () => {
  it('says the server dropped the data of a truncated event', () => {
    const truncated = { ...event('console_error', 'console', null), truncated: true };
    const described = describeEvent(truncated);
    expect(described.summary).toBe('data dropped by the server (event over 1 MB)');
    expect(described.error).toBe(true);
    expect(described.level).toBe('error');
  });

  it('treats data null as dropped, except for types that carry no data', () => {
    expect(summary('network_response', 'network', null)).toBe(
      'data dropped by the server (event over 1 MB)',
    );
    expect(summary('cdp_connect', 'connection', null)).toBe('CDP client connected');
  });
});

describe('searchText', () => {
  it('holds the summary, type, category and the searched fields, lower-cased', () => {
    const described = describeAndSearch(
      event('console_log', 'console', {
        text: 'Cart Loaded',
        args: ['Cart Loaded', 'SKU-42', 7, { no: 'objects' }],
        url: 'https://Shop.example.com/cart',
        source_url: 'https://shop.example.com/src.js',
        selector: '#Buy',
        message: 'Hello',
        stack_trace: STACK,
        request_id: 'not-searched-id',
      }),
    );
    const hay = described.haystack;
    for (const part of [
      'cart loaded',
      'console_log',
      'console',
      'https://shop.example.com/cart',
      'https://shop.example.com/src.js',
      'sku-42 7',
      '#buy',
      'hello',
      'handleclick',
      'https://shop.example.com/app.js',
      'loadcart',
      'https://cdn.example.net/vendor.js',
    ]) {
      expect(hay).toContain(part);
    }
    expect(hay).not.toContain('not-searched-id');
    expect(hay).toBe(hay.toLowerCase());
  });

  it('holds the other searched fields', () => {
    const hay = describeAndSearch(
      event('mixed', 'x', {
        document_url: 'https://doc/',
        error_text: 'ERR_X',
        target_selector: 'div.t',
        key: 'Escape',
        title: 'Title',
        operation_id: 'takeScreenshot',
        reason: 'upstream_error',
        redirect_url: 'https://redir/',
      }),
    ).haystack;
    for (const part of [
      'https://doc/',
      'err_x',
      'div.t',
      'escape',
      'title',
      'takescreenshot',
      'upstream_error',
      'https://redir/',
    ]) {
      expect(hay).toContain(part);
    }
  });
});

describe('laneStyle', () => {
  it('names the agent lane, and is a category’s style for every other lane', () => {
    expect(laneStyle('agent')).toMatchObject({ label: 'Agent', colorVar: '--cat-agent' });
    expect(laneStyle('network')).toEqual(categoryStyle('network'));
    expect(laneStyle('zeta')).toEqual(categoryStyle('zeta'));
  });
});
