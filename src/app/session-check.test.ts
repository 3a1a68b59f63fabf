import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionLookup } from '../features/sessions/model/session-lookup';
import type { ApiFailure } from '../lib/http/api-error';
import { ApiRequestError } from '../lib/http/request';
import {
  asksAboutSession,
  createSessionCheck,
  judgeRecord,
  sessionFailureNote,
  type RecordAnswer,
  type SessionCheckState,
} from './session-check';

const failure = (status: number, extra: Partial<ApiFailure> = {}): ApiFailure => ({
  status,
  statusText: status === 0 ? 'Network error' : `HTTP ${status}`,
  message: 'm',
  details: [],
  bodyText: '',
  ...extra,
});
const failed = (status: number) => new ApiRequestError(failure(status));

const found = (deletedAt: string | null): SessionLookup => ({
  kind: 'found',
  info: {
    id: 's1',
    createdAt: null,
    capturing: null,
    headless: null,
    cdpWsUrl: null,
    browserUnavailableReason: null,
    browser: null,
    name: null,
    tags: {},
    deletedAt,
    liveViewUrl: null,
  },
});

describe('asksAboutSession', () => {
  it('is a stream stopped on 401, 403 or 404, nothing else', () => {
    const stopped = (status: number) => ({
      kind: 'failed' as const,
      reason: 'r',
      failure: failure(status),
    });
    expect([401, 403, 404].map((status) => asksAboutSession(stopped(status)))).toEqual([
      true,
      true,
      true,
    ]);
    expect(asksAboutSession(stopped(400))).toBe(false);
    expect(asksAboutSession({ kind: 'failed', reason: 'could not prepare the request' })).toBe(
      false,
    );
    expect(
      asksAboutSession({ kind: 'retrying', attempt: 1, retryAt: 0, reason: '503', since: 0 }),
    ).toBe(false);
  });
});

describe('judgeRecord', () => {
  it('ends the view only when the record says the session ended', () => {
    expect(judgeRecord({ error: null, data: found('2026-11-24T15:22:02Z') })).toEqual({
      kind: 'ended',
      endedAt: '2026-11-24T15:22:02Z',
    });
    expect(judgeRecord({ error: null, data: found(null) })).toEqual({ kind: 'running' });
  });

  it('reads an error before the last good data a failed read keeps', () => {
    const data = found(null);
    expect(judgeRecord({ error: failed(0), data }).kind).toBe('unreachable');
    for (const status of [502, 503, 500, 408, 429])
      expect(judgeRecord({ error: failed(status), data }).kind).toBe('unreachable');
    expect(judgeRecord({ error: failed(401), data })).toEqual({ kind: 'refused' });
    expect(judgeRecord({ error: failed(403), data })).toEqual({ kind: 'refused' });
    expect(judgeRecord({ error: failed(404), data })).toEqual({ kind: 'other' });
    expect(judgeRecord({ error: new Error('not JSON'), data })).toEqual({ kind: 'other' });
    expect(
      judgeRecord({
        error: null,
        data: { kind: 'not-offered', sessionId: 's1', answer: '404 Not Found' },
      }),
    ).toEqual({ kind: 'other' });
  });
});

describe('createSessionCheck', () => {
  let states: SessionCheckState[];
  let answers: RecordAnswer[];
  let reads: number;
  const reconnect = vi.fn();
  const make = () =>
    createSessionCheck({
      onChange: (state) => states.push(state),
      read: () => {
        reads += 1;
        return Promise.resolve(answers.shift() ?? { kind: 'other' });
      },
      reconnect,
      random: () => 0.5,
      now: () => Date.now(),
    });
  const unreachable = (status = 0, retryAfterMs?: number): RecordAnswer => ({
    kind: 'unreachable',
    failure: failure(status, retryAfterMs === undefined ? {} : { retryAfterMs }),
  });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    states = [];
    answers = [];
    reads = 0;
    reconnect.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('asks again with growing delays while the server does not answer, then reconnects the streams', async () => {
    answers.push(unreachable(), unreachable(503), { kind: 'running' });
    const check = make();
    check.streamFailed();
    await vi.advanceTimersByTimeAsync(0);
    expect(states.map((state) => state.phase)).toEqual(['checking', 'unreachable']);
    // equal jitter at 0.5: three quarters of the 500 ms ceiling, then of 1,000 ms
    expect(check.state.retryAt).toBe(1_000_000 + 375);
    // another stream stopping meanwhile does not ask before the scheduled read
    check.streamFailed();
    await vi.advanceTimersByTimeAsync(374);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(2);
    expect(check.state).toEqual({ phase: 'unreachable', retryAt: Date.now() + 750 });
    expect(reconnect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(750);
    expect(reads).toBe(3);
    expect(check.state).toEqual({ phase: 'running', retryAt: null });
    expect(reconnect).toHaveBeenCalledTimes(1);
  });

  it('waits as long as the server asked (Retry-After)', async () => {
    answers.push(unreachable(503, 5_000));
    const check = make();
    check.streamFailed();
    await vi.advanceTimersByTimeAsync(0);
    expect(check.state.retryAt).toBe(1_000_000 + 5_000);
  });

  it('leaves a stream failure standing when the session runs on the first read (no loop)', async () => {
    answers.push({ kind: 'running' });
    const check = make();
    check.streamFailed();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(1);
    expect(reconnect).not.toHaveBeenCalled();
    expect(check.state.phase).toBe('running');
  });

  it('asks nothing more once cancelled (the session ended, the view closed)', async () => {
    answers.push(unreachable());
    const check = make();
    check.streamFailed();
    await vi.advanceTimersByTimeAsync(0);
    check.cancel();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(1);
    expect(check.state.phase).toBe('idle');
  });

  it('asks at once when the person says so', async () => {
    answers.push(unreachable(), { kind: 'running' });
    const check = make();
    check.streamFailed();
    await vi.advanceTimersByTimeAsync(0);
    check.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(2);
    expect(check.state.phase).toBe('running');
    expect(reconnect).toHaveBeenCalledTimes(1);
  });
});

describe('sessionFailureNote', () => {
  const state = (phase: SessionCheckState['phase']): SessionCheckState => ({
    phase,
    retryAt: phase === 'unreachable' ? 1 : null,
  });

  it('shows nothing of its own while the message above the view speaks for the session', () => {
    const hidden = { kind: 'hidden' };
    expect(sessionFailureNote(state('idle'), true)(failure(401))).toEqual(hidden);
    expect(sessionFailureNote(state('idle'), true)(failure(404))).toEqual(hidden);
    expect(sessionFailureNote(state('unreachable'), true)(failure(404))).toEqual(hidden);
  });

  it('says calmly that the record is being read, instead of concluding', () => {
    expect(sessionFailureNote(state('checking'), false)(failure(404))).toEqual({
      kind: 'note',
      text: expect.stringMatching(/checking whether the session is still there/),
    });
  });

  it('does not call a running session gone', () => {
    expect(sessionFailureNote(state('running'), false)(failure(404))).toEqual({
      kind: 'advice',
      text: 'The session is still running, but the server answered 404 for this stream.',
    });
  });

  it('leaves the stream its own advice otherwise', () => {
    expect(sessionFailureNote(state('idle'), false)(failure(404))).toBeUndefined();
    expect(sessionFailureNote(state('running'), false)(failure(401))).toBeUndefined();
    expect(sessionFailureNote(state('checking'), true)(failure(400))).toBeUndefined();
  });
});
