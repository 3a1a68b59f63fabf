import { describe, expect, it } from 'vitest';
import { detectLineTime, type StatedTime } from './line-time';

const READ = Date.parse('2026-11-23T23:41:00.949Z');

function stated(text: string, readMs = READ): { iso: string; zoneless: boolean } | null {
  const out: StatedTime = { ms: Number.NaN, zoneless: false };
  if (!detectLineTime(text, readMs, out)) return null;
  return { iso: new Date(out.ms).toISOString(), zoneless: out.zoneless };
}

const zoned = (iso: string) => ({ iso, zoneless: false });
const wall = (iso: string) => ({ iso, zoneless: true });

describe('detectLineTime: lines captured from real programs', () => {
  it.each([
    // Chromium's stderr (the session's supervisor log)
    [
      '[12165:12193:1123/234049.846605:ERROR:dbus/bus.cc:405] Failed to connect to the bus: Failed to connect to socket /run/dbus/system_bus_socket: No such file or directory',
      wall('2026-11-23T23:40:49.846Z'),
    ],
    [
      '[12208:12208:1123/234049.955486:WARNING:media/gpu/vaapi/vaapi_wrapper.cc:1655] drmGetDevices2() has not found any devices',
      wall('2026-11-23T23:40:49.955Z'),
    ],
    ['[1123/234049.5:INFO:main.cc(1)] short form', wall('2026-11-23T23:40:49.500Z')],
    // the reference server's supervisor notes
    [
      '[supervisor] 2026-11-23T23:40:49.980Z chromium started (pid 12165)',
      zoned('2026-11-23T23:40:49.980Z'),
    ],
    // Go slog, JSON and text handlers
    [
      '{"time":"2026-11-23T17:28:57.193456789Z","level":"INFO","msg":"server started","port":10001}',
      zoned('2026-11-23T17:28:57.193Z'),
    ],
    [
      'time=2026-11-23T17:28:57.193+01:00 level=INFO msg="listening" addr=:10001',
      zoned('2026-11-23T16:28:57.193Z'),
    ],
    // zerolog (neko), logrus, zap, Elastic
    [
      '{"level":"info","module":"webrtc","time":"2026-11-23T17:28:57+01:00","message":"peer connected"}',
      zoned('2026-11-23T16:28:57.000Z'),
    ],
    [
      'time="2026-11-23T17:28:57Z" level=warning msg="slow frame"',
      zoned('2026-11-23T17:28:57.000Z'),
    ],
    [
      '{"level":"info","ts":1795454937.1934562,"caller":"agent/main.go:12","msg":"step"}',
      zoned('2026-11-23T17:28:57.193Z'),
    ],
    [
      '{"level":"info","ts":1.7954549371934562e+09,"msg":"zap with exponent"}',
      zoned('2026-11-23T17:28:57.193Z'),
    ],
    ['{"timestamp": 1795454937193, "msg": "ms"}', zoned('2026-11-23T17:28:57.193Z')],
    ['{"ts": 1795454937193456789, "msg": "ns"}', zoned('2026-11-23T17:28:57.193Z')],
    [
      '{"@timestamp":"2026-11-23T17:28:57.193Z","log.level":"error","message":"x"}',
      zoned('2026-11-23T17:28:57.193Z'),
    ],
    // Python logging, supervisord, Go's log, nginx
    ['2026-11-23 17:28:57,193 - agent - INFO - step 3', wall('2026-11-23T17:28:57.193Z')],
    [
      "2026-11-23 17:28:57,193 INFO spawned: 'chromium' with pid 42",
      wall('2026-11-23T17:28:57.193Z'),
    ],
    ['2026/11/23 17:28:57 http: TLS handshake error', wall('2026-11-23T17:28:57.000Z')],
    [
      '2026/11/23 17:28:57 [error] 31#31: *1 open() "/usr/share/nginx/html/x" failed',
      wall('2026-11-23T17:28:57.000Z'),
    ],
    ['INFO 2026-11-23 17:28:57,193 agent: level word first', wall('2026-11-23T17:28:57.193Z')],
    ['[2026-11-23 17:28:57] local.ERROR: bracketed', wall('2026-11-23T17:28:57.000Z')],
    ['2026-11-23T17:28:57.193+0100 offset without colon', zoned('2026-11-23T16:28:57.193Z')],
    ['2026-11-23 17:28:57 +0100 spaced offset', zoned('2026-11-23T16:28:57.000Z')],
    // glog / klog
    ['I1123 17:28:57.193456      12 main.go:42] Serving', wall('2026-11-23T17:28:57.193Z')],
    ['E1123 17:28:57.193456 12 reflector.go:138] failed to list', wall('2026-11-23T17:28:57.193Z')],
    // syslog, RFC 3164 and 5424
    ['Nov 23 17:28:57 kernel-vm systemd[1]: Started', wall('2026-11-23T17:28:57.000Z')],
    ['Nov  3 01:02:03 host cron[7]: job', wall('2026-11-03T01:02:03.000Z')],
    ['<34>1 2026-11-23T17:28:57.193Z host app - - - message', zoned('2026-11-23T17:28:57.193Z')],
    // common log format
    [
      '127.0.0.1 - - [23/Nov/2026:17:28:57 +0100] "GET / HTTP/1.1" 200 612',
      zoned('2026-11-23T16:28:57.000Z'),
    ],
    // a time of day alone
    ['17:28:57.193 [main] INFO start', wall('2026-11-23T17:28:57.193Z')],
  ])('%s', (line, expected) => {
    expect(stated(line)).toEqual(expected);
  });
});

describe('detectLineTime: lines that state no time', () => {
  it.each([
    '/usr/bin/chromium: 9: [: 25276502016: unexpected operator',
    'DevTools listening on ws://127.0.0.1:38065/devtools/browser/2254568f-567f-4d45',
    'Fontconfig error: Cannot load default config file',
    '12:34 is not a time with seconds',
    '2026-13-45 10:00:00 has no such month',
    'version 1.2.3 built',
    '{"level":"info","msg":"no time field"}',
    '{"time":"yesterday-ish","msg":"not a time"}',
    '{"ts": 42, "msg": "not an epoch"}',
    '',
    '    ',
    '[',
    '[x',
  ])('%j', (line) => {
    expect(stated(line)).toBeNull();
  });

  it('does not believe a time days after the read', () => {
    expect(stated('2099-01-01T00:00:00Z from the future')).toBeNull();
    expect(stated('2026-11-24T12:00:00Z within the slack')).not.toBeNull();
  });
});

describe('detectLineTime: the year or day a line leaves out comes from the read', () => {
  it('a Chromium line of 31 December read on 1 January is from the year before', () => {
    const read = Date.parse('2027-01-01T00:00:05Z');
    expect(stated('[1:2:1231/235959.000:INFO:x.cc(1)] last', read)).toEqual(
      wall('2026-12-31T23:59:59.000Z'),
    );
  });

  it('a syslog line of 1 January read on 1 January is of that year', () => {
    const read = Date.parse('2027-01-01T00:00:05Z');
    expect(stated('Jan  1 00:00:01 host x', read)).toEqual(wall('2027-01-01T00:00:01.000Z'));
  });

  it('a time of day is put on the day nearest the read', () => {
    const read = Date.parse('2026-11-24T00:00:10Z');
    expect(stated('23:59:59 before midnight', read)).toEqual(wall('2026-11-23T23:59:59.000Z'));
    expect(stated('00:00:09 after midnight', read)).toEqual(wall('2026-11-24T00:00:09.000Z'));
  });

  it('looks only at the head of a long line, and survives a 5 MB one', () => {
    const long = `no time here ${'x'.repeat(5_000_000)} 2026-11-23T17:28:57Z`;
    expect(stated(long)).toBeNull();
    const json = `{"msg":"${'y'.repeat(5_000_000)}","time":"2026-11-23T17:28:57Z"}`;
    expect(stated(json)).toBeNull();
    expect(stated(`2026-11-23T17:28:57Z ${'z'.repeat(5_000_000)}`)).toEqual(
      zoned('2026-11-23T17:28:57.000Z'),
    );
  });
});
