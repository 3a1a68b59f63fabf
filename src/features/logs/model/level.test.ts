import { describe, expect, it } from 'vitest';
import { detectLevel, LEVELS, levelLabel } from './level';
import type { LogLevel } from './level';
import { stripAnsi } from './ansi';

type Sample = readonly [line: string, level: LogLevel | null];

function expectLevels(samples: readonly Sample[]): void {
  for (const [line, level] of samples) expect(detectLevel(line), line).toBe(level);
}

describe('LEVELS and levelLabel', () => {
  it('lists levels by severity, most severe first', () => {
    expect(LEVELS).toEqual(['error', 'warn', 'info', 'debug', 'trace']);
  });

  it('gives short badge labels', () => {
    expect(LEVELS.map(levelLabel)).toEqual(['ERR', 'WRN', 'INF', 'DBG', 'TRC']);
  });
});

describe('detectLevel', () => {
  it('reads Chromium log lines', () => {
    expectLevels([
      [
        '[1121/053500.123456:ERROR:bus.cc(407)] Failed to connect to the bus: Could not parse server address: Unknown address type (examples of valid types are "tcp" and on UNIX "unix")',
        'error',
      ],
      [
        '[25:25:1121/053500.651937:ERROR:viz_main_impl.cc(183)] Exiting GPU process due to errors during initialization',
        'error',
      ],
      ['[0100/000000.226734:ERROR:zygote_linux.cc(667)] write: Broken pipe (32)', 'error'],
      [
        '[1121/053500.123456:WARNING:dns_config_service_linux.cc(428)] Failed to read DnsConfig.',
        'warn',
      ],
      [
        '[25:52:1121/053500.651937:INFO:CONSOLE(1)] "Hello error", source: https://example.com/ (1)',
        'info',
      ],
      [
        '[25:25:1121/053501.000000:VERBOSE1:network_delegate.cc(36)] NetworkDelegate::NotifyBeforeURLRequest',
        'debug',
      ],
      ['[25:25:1121/053501.000000:VERBOSE2:x.cc(1)] more', 'debug'],
      ['[25:25:1121/053501.000000:FATAL:check.cc(22)] Check failed: false.', 'error'],
      [
        '[72:72:1121/053501.123456:ERROR:components/viz/service/main/viz_main_impl.cc:183] new file:line form',
        'error',
      ],
      ['DevTools listening on ws://127.0.0.1:9222/devtools/browser/6a4f-41e1', null],
      ['Fontconfig error: Cannot load default config file: No such file: (null)', null],
    ]);
  });

  it('reads glog and klog lines', () => {
    expectLevels([
      ['E1121 05:35:00.123456    1234 server.go:123] failed to accept: EOF', 'error'],
      ['W1121 05:35:00.123456       1 reflector.go:424] watch ended', 'warn'],
      ['I1121 05:35:00.000001       1 main.go:42] "Starting" controller="error-handler"', 'info'],
      ['F1121 05:35:00.000001       1 main.go:42] unrecoverable', 'error'],
      ['E something went wrong', 'error'],
      ['W low disk', 'warn'],
      ['I starting', 'info'],
    ]);
  });

  it('reads pino, bunyan, slog, zap and other JSON records', () => {
    expectLevels([
      [
        '{"level":30,"time":1763703300000,"pid":7,"hostname":"vm","msg":"request completed"}',
        'info',
      ],
      [
        '{"level":50,"time":1763703300000,"pid":7,"hostname":"vm","err":{"type":"Error","message":"boom","stack":"Error: boom\\n    at x"},"msg":"boom"}',
        'error',
      ],
      ['{"level":20,"msg":"debugging"}', 'debug'],
      ['{"level":10,"msg":"tracing"}', 'trace'],
      ['{"level":60,"msg":"dying"}', 'error'],
      [
        '{"name":"myapp","hostname":"vm","pid":12,"level":40,"msg":"slow query","time":"2026-11-21T05:35:00.000Z","v":0}',
        'warn',
      ],
      [
        '{"time":"2026-11-21T05:35:00.123456789Z","level":"WARN","msg":"retrying","attempt":3}',
        'warn',
      ],
      ['{"time":"2026-11-21T05:35:00Z","level":"INFO","msg":"an error was handled"}', 'info'],
      [
        '{"level":"error","ts":1763703300.12,"caller":"srv/main.go:88","msg":"listen failed"}',
        'error',
      ],
      ['{"severity":"WARNING","message":"quota"}', 'warn'],
      ['{"levelname": "CRITICAL", "message": "disk"}', 'error'],
      ['  {"level":"debug"}  ', 'debug'],
      ['{"msg":"error everywhere","error":"ECONNRESET","status":"error"}', null],
      ['{"msg":"hi","ctx":{"level":"error"}}', null],
    ]);
  });

  it('finds a JSON level field far into a long record', () => {
    const line = `{"time":"2026-11-21T05:35:00Z","msg":"${'x'.repeat(5000)}","level":"error"}`;
    expect(detectLevel(line)).toBe('error');
  });

  it('reads logfmt lines', () => {
    expectLevels([
      ['time=2026-11-21T05:35:00Z level=info msg="started" port=8080', 'info'],
      [
        'ts=2026-11-21T05:35:00.123Z caller=main.go:12 level=error err="connection refused"',
        'error',
      ],
      ['level=warn ts=2026-11-21T05:35:00Z msg="slow"', 'warn'],
      ['time=2026-11-21T05:35:00.000Z level=DEBUG source=/app/x.go:1 msg="cache miss"', 'debug'],
      ['time="2026-11-21T05:35:00Z" level=warning msg="deprecated flag, error soon"', 'warn'],
      ['t=2026-11-21T05:35:00+0000 lvl=eror msg="peer dropped"', 'error'],
      ['t=2026-11-21T05:35:00+0000 lvl=dbug msg="x"', 'debug'],
      ['msg="error: spaces inside quotes" level=info', 'info'],
      ['level="error" msg=x', 'error'],
      ['level=30 msg=x', 'info'],
      ['msg=x', null],
    ]);
  });

  it('reads Python logging output', () => {
    expectLevels([
      ['ERROR:root:Something bad happened', 'error'],
      ['WARNING:asyncio:Executing <Task pending> took 0.215 seconds', 'warn'],
      ['INFO:uvicorn.error:Started server process [1]', 'info'],
      ['DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): example.com:443', 'debug'],
      ['CRITICAL:app:out of memory', 'error'],
      ['INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)', 'info'],
      ['2026-11-21 05:35:00,123 - app.db - WARNING - pool exhausted', 'warn'],
      ['2026-11-21 05:35:00,123 ERROR [app.main] boom', 'error'],
      ['2026-11-21 05:35:00,123 INFO     error_handler registered', 'info'],
    ]);
  });

  it('reads nginx and Apache error logs', () => {
    expectLevels([
      [
        '2026/11/21 05:35:00 [error] 123#0: *1 open() "/usr/share/nginx/html/x" failed (2: No such file or directory), client: 1.2.3.4, server: localhost, request: "GET /x HTTP/1.1"',
        'error',
      ],
      ['2026/11/21 05:35:00 [notice] 1#1: start worker processes', 'info'],
      ['2026/11/21 05:35:00 [warn] 1#1: conflicting server name', 'warn'],
      ['2026/11/21 05:35:00 [crit] 1#1: *9 SSL_do_handshake() failed', 'error'],
      ['2026/11/21 05:35:00 [emerg] 1#1: bind() to 0.0.0.0:80 failed', 'error'],
      ['2026/11/21 05:35:00 [alert] 1#1: worker process exited', 'error'],
      [
        '[Sat Nov 21 05:35:00.123456 2026] [core:error] [pid 123] [client 1.2.3.4:5678] AH00126: Invalid URI',
        'error',
      ],
      [
        '127.0.0.1 - - [21/Nov/2026:05:35:00 +0000] "GET /error HTTP/1.1" 500 612 "-" "curl/8.0"',
        null,
      ],
    ]);
  });

  it('reads supervisord, zerolog, Spring, Rust and logrus lines', () => {
    expectLevels([
      ["2026-11-21 05:35:00,123 INFO spawned: 'chromium' with pid 42", 'info'],
      ['2026-11-21 05:35:01,456 WARN exited: chromium (exit status 1; not expected)', 'warn'],
      ['2026-11-21 05:35:00,123 CRIT Supervisor is running as root.', 'error'],
      ['5:35AM INF starting neko server module=main', 'info'],
      ['2026-11-21T05:35:00Z WRN peer connection failed module=webrtc', 'warn'],
      ['2026-11-21T05:35:00Z ERR cannot open display', 'error'],
      [
        '2026-11-21T05:35:00.123Z  WARN 1 --- [           main] o.s.b.w.e.tomcat.TomcatWebServer         : slow start',
        'warn',
      ],
      ['2026-11-21 05:35:00.123 ERROR 1234 --- [main] c.e.App : failed', 'error'],
      ['05:35:00.123 [main] ERROR com.example.App - Failed', 'error'],
      ['[2026-11-21T05:35:00Z ERROR my_crate::module] failed', 'error'],
      ['2026-11-21T05:35:00.123456Z  INFO my_crate: listening on 0.0.0.0:80', 'info'],
      ['INFO[0000] logrus text output', 'info'],
      ['WARN[0003] retrying', 'warn'],
    ]);
  });

  it('reads bracketed and leading levels', () => {
    expectLevels([
      ['[ERROR] x', 'error'],
      ['[error] x', 'error'],
      ['[warn] x', 'warn'],
      ['[ WARN ] x', 'warn'],
      ['[Warning] x', 'warn'],
      ['<W> x', 'warn'],
      ['<E> x', 'error'],
      ['<info> x', 'info'],
      ['ERROR x', 'error'],
      ['WARN: disk almost full', 'warn'],
      ['DEBUG something', 'debug'],
      ['TRACE enter fn', 'trace'],
      ['FATAL out of memory', 'error'],
      ['NOTICE: maintenance', 'info'],
      ['error: pathspec did not match any file(s) known to git', 'error'],
      ['fatal: not a git repository', 'error'],
      ['warning: LF will be replaced by CRLF', 'warn'],
      ['panic: runtime error: index out of range [3] with length 3', 'error'],
      ["Error: Cannot find module 'x'", 'error'],
      ['(node:123) Warning: Accessing non-existent property', 'warn'],
      ['11-21 05:35:00.123  1234  5678 E Tag: msg', 'error'],
      ['E/AndroidRuntime( 1234): FATAL EXCEPTION', 'error'],
    ]);
  });

  it('ignores escape sequences', () => {
    expectLevels([
      ['\x1b[31mERROR\x1b[0m something', 'error'],
      ['\x1b[1m\x1b[33m[WARN]\x1b[0m something', 'warn'],
      ['\x1b[90m2026-11-21T05:35:00Z\x1b[0m \x1b[32mINF\x1b[0m ready', 'info'],
      ['\x1b[2K\x1b[1G\x1b[36mDEBUG\x1b[39m x', 'debug'],
      ['\x1b]0;title\x07ERROR: x', 'error'],
      ['\x1b[31m{"level":"error"}\x1b[0m', 'error'],
      ['\x1b[31mrequest failed\x1b[0m ERROR', null],
    ]);
  });

  it('does not flag a level word in the middle of a message', () => {
    expectLevels([
      ['Connection error: ECONNREFUSED 127.0.0.1:5432', null],
      ['Failed to fetch: error 500', null],
      ['GET /api/errors 200 12ms', null],
      ['user clicked "Report ERROR" button', null],
      ['Retrying after warning from upstream', null],
      ['the request failed with ERROR code 42', null],
      ['2026-11-21 05:35:00 request to /error returned 200', null],
      ['    at Object.<anonymous> (/app/index.js:1:1)', null],
      ['Trace id 0af7651916cd43dd8448eb211c80319c', null],
      ['info about the request follows', null],
      ['critical section entered', null],
      ['Alerting is disabled', null],
      ['', null],
      ['plain message', null],
    ]);
  });

  it('looks only at about the first 200 characters for a textual level', () => {
    expect(detectLevel(`${'1'.repeat(150)} ERROR x`)).toBe('error');
    expect(detectLevel(`${'1'.repeat(250)} ERROR x`)).toBeNull();
    expect(detectLevel(`${' '.repeat(5000)}ERROR x`)).toBe('error');
  });

  it('treats hostile input as text', () => {
    expectLevels([
      ['<script>alert("ERROR")</script>', null],
      ['<img src=x onerror=alert(1)> ERROR', null],
      ['javascript:alert(1) ERROR', null],
      ['\u202EERROR reversed', null],
      ['\u0000ERROR after NUL', 'error'],
      ['ERROR\u0000with NUL as a separator', 'error'],
    ]);
  });

  it('handles 1 MB lines', () => {
    const mb = 1_000_000;
    expect(detectLevel(`ERROR ${'x'.repeat(mb)}`)).toBe('error');
    expect(detectLevel(`message ${'ERROR '.repeat(mb / 6)}`)).toBeNull();
    expect(detectLevel('['.repeat(mb))).toBeNull();
    expect(detectLevel('{"a":'.repeat(mb / 5))).toBeNull();
    expect(detectLevel(`\x1b[31m${'\x1b[1m'.repeat(mb / 4)}ERROR`)).toBeNull();
    expect(detectLevel(`\x1b[31mWARN\x1b[0m ${'\x1b[1mx'.repeat(mb / 5)}`)).toBe('warn');
    expect(detectLevel(`{"msg":"${'\\"'.repeat(mb / 2)}","level":"info"}`)).toBe('info');
  });
});

describe('detectLevel with the plain text given', () => {
  it('finds what it finds by stripping the escapes itself', () => {
    const lines = [
      '\u001b[33mWARN\u001b[0m  [http] slow request',
      '\u001b[31m2026-11-21T05:35:00Z ERROR [db] deadlock\u001b[0m',
      '{"level":"\u001b[32minfo\u001b[0m","msg":"x"}',
      `${'x'.repeat(2000)}\u001b[31m ERROR`,
    ];
    for (const line of lines) expect(detectLevel(line, stripAnsi(line))).toBe(detectLevel(line));
    expect(detectLevel(lines[0] as string, stripAnsi(lines[0] as string))).toBe('warn');
  });
});
