import { describe, expect, it } from 'vitest';
import { tryPrettyJson } from './json-line';

/** What JSON.stringify produces, for records whose numbers and strings survive a round trip. */
const standard = (json: string): string => JSON.stringify(JSON.parse(json), null, 2);

describe('tryPrettyJson', () => {
  it('pretty-prints objects and arrays with 2-space indentation', () => {
    expect(tryPrettyJson('{"a":1,"b":[true,null,{"c":"d"}]}')).toBe(
      '{\n  "a": 1,\n  "b": [\n    true,\n    null,\n    {\n      "c": "d"\n    }\n  ]\n}',
    );
    expect(tryPrettyJson('[1,2]')).toBe('[\n  1,\n  2\n]');
  });

  it('lays out real log records exactly as JSON.stringify would', () => {
    const records = [
      '{"level":30,"time":1763703300000,"pid":7,"hostname":"vm","msg":"request completed","req":{"method":"GET","url":"/","headers":{}},"res":{"statusCode":200},"responseTime":3.2}',
      '{"time":"2026-11-21T05:35:00.123456789Z","level":"WARN","msg":"retrying","attempt":3,"tags":[]}',
      '{"name":"myapp","hostname":"vm","pid":12,"level":40,"msg":"slow","time":"2026-11-21T05:35:00.000Z","v":0}',
      '  { "spaced" : [ 1 , 2 ] , "empty" : { } , "neg" : -1.5 }  ',
      '[{"a":[[]]},[],{}]',
    ];
    for (const record of records)
      expect(tryPrettyJson(record), record).toBe(standard(record.trim()));
  });

  it('keeps numbers and escapes exactly as written', () => {
    const pretty = tryPrettyJson(
      '{"id":12345678901234567890,"f":1.10,"s":"caf\\u00e9 \\"q\\" \\\\","e":1E+2}',
    );
    expect(pretty).toBe(
      '{\n  "id": 12345678901234567890,\n  "f": 1.10,\n  "s": "caf\\u00e9 \\"q\\" \\\\",\n  "e": 1E+2\n}',
    );
  });

  it('keeps punctuation inside strings', () => {
    expect(tryPrettyJson('{"msg":"a,b:{c}[d]"}')).toBe('{\n  "msg": "a,b:{c}[d]"\n}');
  });

  it('keeps duplicate keys and their order', () => {
    expect(tryPrettyJson('{"b":1,"a":2,"b":3}')).toBe('{\n  "b": 1,\n  "a": 2,\n  "b": 3\n}');
  });

  it('prints empty containers on one line', () => {
    expect(tryPrettyJson('{}')).toBe('{}');
    expect(tryPrettyJson('[ ]')).toBe('[]');
    expect(tryPrettyJson('{"a":{ },"b":[\n]}')).toBe('{\n  "a": {},\n  "b": []\n}');
  });

  it('removes escape sequences and surrounding space first', () => {
    expect(tryPrettyJson('\x1b[32m{"a":"b"}\x1b[0m')).toBe('{\n  "a": "b"\n}');
    expect(tryPrettyJson('  \x1b[2K\x1b[32m  {"a":1}  \x1b[0m')).toBe('{\n  "a": 1\n}');
    expect(tryPrettyJson('\t{"a":1}\r')).toBe('{\n  "a": 1\n}');
  });

  it('returns null for anything that is not a JSON object or array', () => {
    for (const line of [
      '',
      '   ',
      'plain text',
      '"a string"',
      '42',
      'null',
      'true',
      '[ERROR] something failed',
      '[1234:5678:1121/053500.123456:ERROR:foo.cc(12)] message',
      '{not json}',
      '{"a":1} trailing',
      '{"a":1',
      "{'single':'quotes'}",
      '{"a":1,}',
      'prefix {"a":1}',
    ]) {
      expect(tryPrettyJson(line), line).toBeNull();
    }
  });

  it('keeps hostile strings as JSON text', () => {
    const line =
      '{"html":"<img src=x onerror=alert(1)>","url":"javascript:alert(1)","bidi":"\u202Eexe","nul":"\\u0000"}';
    expect(tryPrettyJson(line)).toBe(standard(line));
    expect(tryPrettyJson(line)).toContain('"<img src=x onerror=alert(1)>"');
  });

  it('handles multi-megabyte records', () => {
    const big = JSON.stringify({
      items: Array.from({ length: 50_000 }, (_, i) => ({ i, name: `item ${i}`, tags: ['a', 'b'] })),
    });
    expect(big.length).toBeGreaterThan(2_000_000);
    expect(tryPrettyJson(big)).toBe(standard(big));
    const longString = `{"blob":"${'x'.repeat(5_000_000)}"}`;
    expect(tryPrettyJson(longString)).toBe(`{\n  "blob": "${'x'.repeat(5_000_000)}"\n}`);
  });

  it('returns null quickly for huge lines that are not JSON', () => {
    expect(tryPrettyJson(`[${'x'.repeat(5_000_000)}`)).toBeNull();
    expect(tryPrettyJson(`{${'"a":1,'.repeat(500_000)}}`)).toBeNull();
  });

  it('returns null for nesting too deep to indent', () => {
    expect(tryPrettyJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeNull();
    const sixty = `${'['.repeat(60)}${']'.repeat(60)}`;
    expect(tryPrettyJson(sixty)).toBe(standard(sixty));
  });
});
