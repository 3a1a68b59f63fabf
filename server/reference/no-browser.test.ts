import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryEnvelope } from '../../src/types/api.ts';
import {
  createSession,
  startReference,
  TEST_TOKEN,
  type ReferenceHarness,
} from '../testing/reference-harness.ts';
import { SseReader } from '../testing/sse-reader.ts';
import { refusedUpgradeStatus } from '../testing/ws-upgrade.ts';

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
const MISSING_CHROMIUM = '/nonexistent/session-console-test/chromium';

async function getWire(harness: ReferenceHarness, id: string): Promise<Record<string, unknown>> {
  const response = await harness.call(`/browsers/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('a session whose browser cannot be found (CHROMIUM_PATH missing)', () => {
  let harness: ReferenceHarness;
  let id: string;
  let savedPath: string | undefined;
  const readers: SseReader[] = [];

  beforeAll(async () => {
    savedPath = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = MISSING_CHROMIUM;
    try {
      harness = await startReference({ browser: true, faults: true });
    } finally {
      // findChromium ran while the server started; the environment is the test runner's again.
      if (savedPath === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = savedPath;
    }
    id = await createSession(harness, {
      telemetry: { browser: { console: { enabled: true }, network: { enabled: true } } },
    });
  });

  afterAll(async () => {
    for (const reader of readers) reader.close();
    await harness?.close();
  });

  it('the server reports the explicit CHROMIUM_PATH as not found', () => {
    expect(harness.reference.chromium).toEqual({
      path: undefined,
      reason: `CHROMIUM_PATH=${MISSING_CHROMIUM} does not exist`,
      skipped: [],
    });
    expect(process.env.CHROMIUM_PATH).toBe(savedPath);
  });

  it('still creates the session; GET shows no cdp_ws_url and why', async () => {
    const wire = await getWire(harness, id);
    expect(wire.session_id).toBe(id);
    expect(wire.cdp_ws_url).toBe('');
    expect(wire.browser_unavailable_reason).toBe(
      `CHROMIUM_PATH=${MISSING_CHROMIUM} does not exist`,
    );
    expect(String(wire.browser_unavailable_reason)).toContain('CHROMIUM_PATH');
    expect(harness.reference.getSession(id)?.browser).toBeUndefined();
  });

  it('the chromium supervisor log says why there is no browser', async () => {
    const session = harness.reference.getSession(id);
    if (!session) throw new Error('session not found');
    const file = await readFile(session.supervisorLogFile('chromium'), 'utf8');
    expect(file).toBe(
      `[supervisor] no browser for this session: CHROMIUM_PATH=${MISSING_CHROMIUM} does not exist\n`,
    );

    const reader = await SseReader.open(
      `${harness.api}/browsers/${id}/logs/stream?source=supervisor&supervisor_process=chromium&follow=false`,
      auth,
    );
    readers.push(reader);
    expect(reader.response.status).toBe(200);
    await reader.until((r) => r.data.length >= 1);
    const [frame] = reader.json<{ message: string }>();
    expect(frame?.message).toBe(
      `[supervisor] no browser for this session: CHROMIUM_PATH=${MISSING_CHROMIUM} does not exist`,
    );
    reader.close();
  });

  it('clipboard write and read still work, in memory', async () => {
    const text = 'kept without a browser – ✓';
    const write = await harness.call(`/browsers/${id}/computer/clipboard/write`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    expect(write.status).toBe(200);
    expect(await write.text()).toBe('');
    const read = await harness.call(`/browsers/${id}/computer/clipboard/read`, { method: 'POST' });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ text });
  });

  it('published telemetry events still stream', async () => {
    const reader = await SseReader.open(
      `${harness.api}/browsers/${id}/telemetry/stream?replay=all`,
      auth,
    );
    readers.push(reader);
    // The body is one event object or an array of them (publish.ts).
    const events = [
      { type: 'console_log', category: 'console', data: { level: 'log', text: 'from an agent' } },
      { type: 'custom_probe', category: 'mystery', ts: 1_700_000_000_000_000 },
    ];
    const response = await harness.call(`/browsers/${id}/telemetry/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(events),
    });
    expect(response.status).toBe(200);
    const { seq } = (await response.json()) as { seq: number[] };
    expect(seq).toHaveLength(2);
    expect(seq[1]).toBe((seq[0] ?? 0) + 1);

    const published = (): TelemetryEnvelope[] =>
      reader.json<TelemetryEnvelope>().filter((e) => seq.includes(e.seq));
    await reader.until(() => published().length === 2);
    expect(published()).toEqual([
      {
        seq: seq[0],
        event: {
          ts: expect.any(Number),
          type: 'console_log',
          category: 'console',
          source: { kind: 'kernel_api' },
          data: { level: 'log', text: 'from an agent' },
        },
      },
      {
        seq: seq[1],
        event: {
          ts: 1_700_000_000_000_000,
          type: 'custom_probe',
          category: 'mystery',
          source: { kind: 'kernel_api' },
        },
      },
    ]);
    // Nothing claims a browser crashed: there never was one.
    expect(reader.json<TelemetryEnvelope>().map((e) => e.event.type)).not.toContain(
      'service_crashed',
    );
    reader.close();
  });

  it('an upgrade to the session cdp URL is refused, even with the right secret', async () => {
    const session = harness.reference.getSession(id);
    if (!session) throw new Error('session not found');
    const base = harness.api.replace(/^http/, 'ws');
    expect(await refusedUpgradeStatus(`${base}/browsers/${id}/cdp?jwt=${session.cdpSecret}`)).toBe(
      503,
    );
    expect(await refusedUpgradeStatus(`${base}/browsers/${id}/cdp?jwt=wrong`)).toBe(401);
    expect(await refusedUpgradeStatus(`${base}/browsers/unknown-session/cdp?jwt=x`)).toBe(404);
  });

  it('the crash fault has no browser to crash', async () => {
    const response = await harness.call(`/browsers/${id}/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'crash_browser' }),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'conflict' });
  });
});

describe('a server with session browsers turned off', () => {
  let harness: ReferenceHarness;

  beforeAll(async () => {
    harness = await startReference({ browser: false });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('says browsers are turned off (REFERENCE_BROWSER=off) and still serves the session', async () => {
    const id = await createSession(harness, {});
    const wire = await getWire(harness, id);
    expect(wire.cdp_ws_url).toBe('');
    expect(wire.browser_unavailable_reason).toBe(
      'session browsers are turned off (REFERENCE_BROWSER=off)',
    );
    const session = harness.reference.getSession(id);
    if (!session) throw new Error('session not found');
    expect(await readFile(session.supervisorLogFile('chromium'), 'utf8')).toContain(
      'no browser for this session: session browsers are turned off (REFERENCE_BROWSER=off)',
    );
    const base = harness.api.replace(/^http/, 'ws');
    expect(await refusedUpgradeStatus(`${base}/browsers/${id}/cdp?jwt=${session.cdpSecret}`)).toBe(
      503,
    );
  });
});
