import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, test as base, expect, type Browser, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_TOKEN } from './env.ts';

export type FaultRequest = { action: string } & Record<string, unknown>;

export interface FaultAnswer {
  affected: number;
  state: {
    cut_every: number;
    cuts: number;
    responses_pending: number;
    responses_sent: number;
    streams_open: number;
    streams_stalled: number;
    token_rotated: boolean;
  };
}

/** Talks to the reference server directly, as an agent or a test rig would. */
export class ReferenceApi {
  readonly created: string[] = [];
  /** Sessions whose token a `rotate_token` fault replaced, with their new token. */
  private readonly rotated = new Map<string, string>();

  async call(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const session = /^\/browsers\/([^/?]+)/.exec(pathname)?.[1];
    const token = (session && this.rotated.get(session)) || E2E_TOKEN;
    headers.set('Authorization', `Bearer ${token}`);
    return fetch(`${E2E_BASE_URL}/api${pathname}`, { ...init, headers });
  }

  async createSession(
    telemetry: unknown = { enabled: true },
    labels: { name?: string; tags?: Record<string, string> } = {},
  ): Promise<string> {
    const response = await this.call('/browsers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ telemetry, ...labels }),
    });
    expect(response.status).toBe(200);
    const { session_id: id } = (await response.json()) as { session_id: string };
    this.created.push(id);
    return id;
  }

  /** Appends lines to a file inside the session's filesystem root. */
  async appendLog(sessionId: string, virtualPath: string, lines: string[]): Promise<void> {
    const file = path.join(E2E_DATA_DIR, 'sessions', sessionId, virtualPath);
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, lines.map((line) => `${line}\n`).join(''));
  }

  /** Publishes telemetry events (an agent's or a collector's), returning their seqs. */
  async publish(sessionId: string, events: unknown[]): Promise<number[]> {
    const response = await this.call(`/browsers/${sessionId}/telemetry/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(events),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { seq: number[] }).seq;
  }

  /**
   * Test-only fault injection of the reference server (server/reference/test-rigs/faults.ts documents each
   * action and its fields); returns its answer.
   */
  async fault(
    sessionId: string,
    fault: 'drop_streams' | 'restart_events' | 'crash_browser' | FaultRequest,
  ): Promise<FaultAnswer> {
    const body = typeof fault === 'string' ? { action: fault } : fault;
    const response = await this.call(`/browsers/${sessionId}/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    if (body.action === 'rotate_token' && typeof body.token === 'string')
      this.rotated.set(sessionId, body.token);
    return (await response.json()) as FaultAnswer;
  }

  /**
   * Connects to the session's own browser through its `cdp_ws_url`, as an agent does, and
   * returns its open tab.
   */
  async driveBrowser(sessionId: string): Promise<{ browser: Browser; tab: Page }> {
    const response = await this.call(`/browsers/${sessionId}`);
    const { cdp_ws_url: url } = (await response.json()) as { cdp_ws_url: string };
    expect(url, 'the session has a browser (is Chromium installed?)').toMatch(/^ws:\/\//);
    const browser = await chromium.connectOverCDP(url);
    this.agents.push(browser);
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const tab = context.pages()[0] ?? (await context.newPage());
    return { browser, tab };
  }

  private readonly agents: Browser[] = [];

  async cleanup(): Promise<void> {
    for (const agent of this.agents.splice(0)) await agent.close().catch(() => undefined);
    for (const id of this.created.splice(0))
      await this.call(`/browsers/${id}`, { method: 'DELETE' });
  }
}

export const test = base.extend<{
  api: ReferenceApi;
  consoleErrors: string[];
  /**
   * Whether a session view opens with its Screen panel (as it does for a user). Off unless a spec
   * asks: a shown live view screencasts the session's browser, about a tenth of a core for each
   * test that opens a session, which the specs about other views do not look at.
   */
  screenOpen: boolean;
}>({
  screenOpen: [false, { option: true }],
  page: async ({ page, screenOpen }, use) => {
    if (!screenOpen)
      await page.addInitScript(() => {
        // only when nothing is remembered yet: a test that opens the panel keeps it open on reload
        if (window.localStorage.getItem('session-console.screen-open') === null)
          window.localStorage.setItem('session-console.screen-open', 'false');
      });
    await use(page);
  },
  api: async ({}, use) => {
    const api = new ReferenceApi();
    await use(api);
    await api.cleanup();
  },
  /** Every console error and uncaught exception of the page; a test asserts it stays empty. */
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

/** Telemetry with every category a session browser produces events for. */
export const EVERYTHING = {
  browser: Object.fromEntries(
    ['console', 'network', 'page', 'interaction', 'screenshot', 'control', 'connection'].map(
      (name) => [name, { enabled: true }],
    ),
  ),
};

export { expect, E2E_TOKEN };
