import { describe, expect, it } from 'vitest';
import { asCurl, asFetch, asPlaywright, bashQuote, type CopiedRequest } from './copy-as';
import { MASKED } from '../../../entities/session-events/model/secret-headers';

// the tests run in Node; the app's own types know no Node modules, so this one is typed here
type ExecFileSync = (file: string, args: string[], options: { encoding: 'utf8' }) => string;
const childProcess = 'node:child_process';
const { execFileSync } = (await import(/* @vite-ignore */ childProcess)) as {
  execFileSync: ExecFileSync;
};

/**
 * The argv bash makes of a command (its first word replaced by a printer of its arguments), in
 * the given locale (by default this machine's).
 */
function argv(command: string, locale?: string): string[] {
  const printing = command.replace(/^curl /, "printf '%s\\0' ");
  // bash reads the locale set on one line before it parses the next
  const script = locale ? `LC_ALL=${locale}\n${printing}` : printing;
  const printed = execFileSync('bash', ['-c', script], { encoding: 'utf8' });
  return printed.split('\0').slice(0, -1);
}

/** Characters that display otherwise than they run: bidi controls, separators, C1, tags. */
const INVISIBLE = [
  '\u202e',
  '\u202a',
  '\u2066',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u009b',
  '\u{e0041}',
];
const codeOf = (char: string): string => `U+${(char.codePointAt(0) ?? 0).toString(16)}`;
const TROJAN = `https://shop.test/pay?to=${INVISIBLE.join('x')}&amount=1`;

const HOSTILE = 'it\'s $(touch /tmp/pwned) `id` "q" \\ \n\r\t\u0001 ✓ 😀';

const base: CopiedRequest = {
  method: 'GET',
  url: 'https://shop.test/api/cart?a=1&b=2',
  headers: [
    ['Accept', 'application/json'],
    ['Authorization', 'Bearer s3cret'],
    ['Cookie', 'sid=abc'],
    ['X-Session-Id', 'xyz'],
    ['Content-Length', '12'],
    [':authority', 'shop.test'],
    ['Accept-Encoding', 'gzip'],
  ],
  postData: null,
};

describe('asCurl', () => {
  it('gives the arguments curl needs, secrets masked, what curl sets itself left out', () => {
    expect(argv(asCurl(base, false))).toEqual([
      'https://shop.test/api/cart?a=1&b=2',
      '-H',
      'Accept: application/json',
      '-H',
      `Authorization: ${MASKED}`,
      '-H',
      `Cookie: ${MASKED}`,
      '-H',
      `X-Session-Id: ${MASKED}`,
      '--compressed',
    ]);
    expect(asCurl(base, true)).toContain("'Authorization: Bearer s3cret'");
  });

  it('replays the headers the browser really sent: the cookie (masked unless asked), not Host', () => {
    const sent: CopiedRequest = {
      method: 'GET',
      url: 'https://shop.test/api/me',
      headers: [
        ['Accept', '*/*'],
        ['Connection', 'keep-alive'],
        ['Cookie', 'sid=s3cr3t-session'],
        ['Host', 'shop.test'],
      ],
      postData: null,
    };
    expect(argv(asCurl(sent, false))).toEqual([
      'https://shop.test/api/me',
      '-H',
      'Accept: */*',
      '-H',
      'Connection: keep-alive',
      '-H',
      `Cookie: ${MASKED}`,
    ]);
    expect(argv(asCurl(sent, true))).toContain('Cookie: sid=s3cr3t-session');
  });

  it('says the method only when it is not implied, and sends the body as given', () => {
    expect(
      argv(asCurl({ ...base, headers: [], method: 'POST', postData: '{"a":1}' }, false)),
    ).toEqual(['https://shop.test/api/cart?a=1&b=2', '--data-raw', '{"a":1}']);
    expect(argv(asCurl({ ...base, headers: [], method: 'delete' }, false))).toEqual([
      'https://shop.test/api/cart?a=1&b=2',
      '-X',
      'DELETE',
    ]);
  });

  it('passes hostile URLs, headers and bodies to curl as text, running nothing', () => {
    const request: CopiedRequest = {
      method: `PUT; touch /tmp/pwned`,
      url: `https://x.test/${HOSTILE}`,
      headers: [[`X-${HOSTILE}`, HOSTILE]],
      postData: `${HOSTILE}\u0000end`,
    };
    expect(argv(asCurl(request, false))).toEqual([
      `https://x.test/${HOSTILE}`,
      '-X',
      'PUT; TOUCH /TMP/PWNED',
      '-H',
      `X-${HOSTILE}: ${HOSTILE}`,
      '--data-raw',
      `${HOSTILE}end`,
    ]);
  });

  it('escapes bidi controls, separators and other hidden characters, and curl gets them back', () => {
    const request: CopiedRequest = {
      ...base,
      url: TROJAN,
      headers: [['X-Note', '\u202eevil']],
      method: 'POST',
      postData: 'a\u2028b',
    };
    const command = asCurl(request, true);
    for (const char of INVISIBLE) expect(command.includes(char), codeOf(char)).toBe(false);
    const expected = [TROJAN, '-H', 'X-Note: \u202eevil', '--data-raw', 'a\u2028b'];
    expect(argv(command)).toEqual(expected);
    // the same bytes whatever the shell's locale
    expect(argv(command, 'C')).toEqual(expected);
  });

  it('never lets a URL that starts with "-" become a curl option', () => {
    const command = asCurl({ ...base, headers: [], url: '-o/tmp/pwned' }, false);
    expect(command.startsWith("curl --url '-o/tmp/pwned'")).toBe(true);
    expect(argv(command)).toEqual(['--url', '-o/tmp/pwned']);
  });

  it('quotes a word for bash', () => {
    expect(bashQuote("a'b")).toBe("'a'\\''b'");
    expect(bashQuote('a\nb')).toBe("$'a\\nb'");
    expect(argv(`curl ${bashQuote('\u007f\u001b[31m')}`)).toEqual(['\u007f\u001b[31m']);
  });
});

/** Parses a snippet as the body of an async function without running it. */
function parses(snippet: string): boolean {
  // parsed, never called
  new Function('request', `return (async () => {\n${snippet}\n});`);
  return true;
}

interface Sent {
  url: string;
  init: { headers: Record<string, string>; body?: string; data?: string };
}

/** Runs a snippet with `fetch` and Playwright's `request` replaced by recorders of what it sends. */
async function run(snippet: string): Promise<Sent> {
  let sent: Sent | null = null;
  const record = (url: string, init: Sent['init']): Promise<void> => {
    sent = { url, init };
    return Promise.resolve();
  };
  const body = new Function('fetch', 'request', `return (async () => {\n${snippet}\n})();`) as (
    fetch: typeof record,
    request: { fetch: typeof record },
  ) => Promise<void>;
  await body(record, { fetch: record });
  if (sent === null) throw new Error('the snippet sent nothing');
  return sent;
}

describe('asFetch and asPlaywright', () => {
  it('write valid JavaScript with every value a string literal, secrets masked', () => {
    const request: CopiedRequest = { ...base, method: 'POST', postData: '{"sku":"RED"}' };
    const fetch = asFetch(request, false);
    expect(parses(fetch)).toBe(true);
    expect(fetch).toContain('"Authorization": "<masked>"');
    expect(fetch).toContain('body: "{\\"sku\\":\\"RED\\"}"');
    expect(fetch).not.toContain('Content-Length');
    const playwright = asPlaywright(request, true);
    expect(parses(playwright)).toBe(true);
    expect(playwright).toContain('"Authorization": "Bearer s3cret"');
    expect(playwright).toContain('data: "{\\"sku\\":\\"RED\\"}"');
  });

  it('keep hostile text inside its literals', () => {
    const request: CopiedRequest = {
      method: '"); alert(1); ("',
      url: `https://x.test/\u2028${HOSTILE}`,
      headers: [
        [`X-${HOSTILE}`, `\u2029${HOSTILE}`],
        ['X-A', '1'],
        ['X-A', '2'],
      ],
      postData: `</script>${HOSTILE}`,
    };
    for (const snippet of [asFetch(request, false), asPlaywright(request, false)]) {
      expect(parses(snippet)).toBe(true);
      expect(snippet).not.toContain('\u2028');
      expect(snippet).toContain('"X-A": "1, 2"');
    }
  });

  it('escape bidi controls and other hidden characters, and the code still sends them', async () => {
    const request: CopiedRequest = {
      method: 'POST',
      url: TROJAN,
      headers: [['X-Note', `${INVISIBLE.join('')}end`]],
      postData: `\u202e${INVISIBLE.join('|')}`,
    };
    for (const snippet of [asFetch(request, true), asPlaywright(request, true)]) {
      for (const char of INVISIBLE) expect(snippet.includes(char), codeOf(char)).toBe(false);
      expect(snippet).toContain('\\u202e');
      const sent = await run(snippet);
      expect(sent.url).toBe(TROJAN);
      expect(sent.init.headers).toEqual({ 'X-Note': `${INVISIBLE.join('')}end` });
      expect(sent.init.body ?? sent.init.data).toBe(request.postData);
    }
  });
});
