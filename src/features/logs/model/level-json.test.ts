import { describe, expect, it } from 'vitest';
import { jsonLevel } from './level-json';

const level = (text: string): ReturnType<typeof jsonLevel> => jsonLevel(text, text.indexOf('{'));

describe('jsonLevel', () => {
  it('reads pino and bunyan numeric levels', () => {
    expect(level('{"level":30,"time":1763703300000,"pid":7,"hostname":"h","msg":"hi"}')).toBe(
      'info',
    );
    expect(level('{"level":50,"time":1,"msg":"boom","err":{"type":"Error"}}')).toBe('error');
    expect(level('{"level":60,"msg":"fatal"}')).toBe('error');
    expect(level('{"level":10,"msg":"t"}')).toBe('trace');
    expect(
      level(
        '{"name":"api","hostname":"vm","pid":12,"level":40,"msg":"slow","time":"2026-11-21T05:35:00.000Z","v":0}',
      ),
    ).toBe('warn');
  });

  it('reads string levels from common loggers', () => {
    // Go slog JSON handler
    expect(level('{"time":"2026-11-21T05:35:00.1Z","level":"WARN","msg":"retrying","n":3}')).toBe(
      'warn',
    );
    expect(level('{"time":"2026-11-21T05:35:00Z","level":"ERROR+2","msg":"x"}')).toBe('error');
    // zap
    expect(level('{"level":"dpanic","ts":1763703300.1,"caller":"x.go:1","msg":"m"}')).toBe('error');
    // logrus
    expect(level('{"level":"warning","msg":"m","time":"2026-11-21T05:35:00Z"}')).toBe('warn');
    // Google Cloud Logging
    expect(level('{"severity":"NOTICE","message":"m"}')).toBe('info');
    expect(level('{"severity":"CRITICAL","message":"m"}')).toBe('error');
    // python-json-logger, structlog
    expect(level('{"asctime":"x","levelname":"DEBUG","message":"m"}')).toBe('debug');
    expect(level('{"event":"m","level":"critical","timestamp":"x"}')).toBe('error');
    // ECS, Serilog compact
    expect(level('{"@timestamp":"x","log.level":"error","message":"m"}')).toBe('error');
    expect(level('{"@t":"x","@mt":"m","@l":"Warning"}')).toBe('warn');
    // lvl, numeric strings
    expect(level('{"lvl":"eror","msg":"log15"}')).toBe('error');
    expect(level('{"lvl":"fatal"}')).toBe('error');
    expect(level('{"level":"30"}')).toBe('info');
  });

  it('prefers a usable level field, so Monolog numbers give way to level_name', () => {
    expect(
      level('{"message":"m","context":{},"level":200,"level_name":"INFO","channel":"app"}'),
    ).toBe('info');
    expect(level('{"level":"custom","severity":"warning"}')).toBe('warn');
  });

  it('accepts any key case and whitespace', () => {
    expect(level('{ "Level" : "Error" }')).toBe('error');
    expect(level('{\n  "msg": "x",\n  "LEVEL":\t"warn"\n}')).toBe('warn');
  });

  it('ignores level fields of nested objects and inside strings', () => {
    expect(level('{"msg":"hi","ctx":{"level":"error"}}')).toBeNull();
    expect(level('{"msg":"\\"level\\":\\"error\\"","x":1}')).toBeNull();
    expect(level('{"arr":[{"level":"error"}],"level":"info"}')).toBe('info');
    expect(level('{"msg":"a } b { c","level":"debug"}')).toBe('debug');
    expect(level('{"msg":"ends with backslash\\\\","level":"warn"}')).toBe('warn');
  });

  it('decodes escaped level values', () => {
    expect(level('{"level":"\\u0065rror"}')).toBe('error');
  });

  it('returns null for JSON without a level', () => {
    expect(level('{}')).toBeNull();
    expect(level('{"msg":"error everywhere","error":"bad"}')).toBeNull();
    expect(level('{"level":null,"severity":true}')).toBeNull();
    expect(level('{"level":{"name":"ERROR"}}')).toBeNull();
  });

  it('returns undefined for text that only starts like JSON', () => {
    expect(level('{foo} ERROR bar')).toBeUndefined();
    expect(level('{"a" 1}')).toBeUndefined();
    expect(level('{"a":1 "b":2}')).toBeUndefined();
    expect(level('{"a":"unterminated')).toBeUndefined();
    expect(level('{"a":{"b":1}')).toBeUndefined();
  });

  it('still finds the level of a record cut off after it', () => {
    expect(level('{"level":"error","msg":"cut off')).toBe('error');
  });

  it('starts at the given index', () => {
    expect(jsonLevel('prefix {"level":"warn"}', 7)).toBe('warn');
  });

  it('handles records with very large fields', () => {
    const huge = `{"msg":"${'x'.repeat(2_000_000)}","level":"error"}`;
    expect(level(huge)).toBe('error');
    const nested = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)},"level":"warn"}`;
    expect(level(nested)).toBe('warn');
  });
});
