import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from './options.ts';

describe('LIVE_VIEW_ORIGINS', () => {
  it('names the origins of an upstream’s live views the dashboard may frame', () => {
    const options = optionsFromEnv({
      LIVE_VIEW_ORIGINS: 'https://*.live.example.com, https://live.example.org',
    });
    expect(options.liveViewOrigins).toEqual([
      'https://*.live.example.com',
      'https://live.example.org',
    ]);
    expect(optionsFromEnv({}).liveViewOrigins).toEqual([]);
  });

  it('refuses anything but an origin, with what it takes', () => {
    expect(() =>
      optionsFromEnv({ LIVE_VIEW_ORIGINS: "https://x; script-src 'unsafe-inline'" }),
    ).toThrow(/LIVE_VIEW_ORIGINS takes origins/);
    expect(() => optionsFromEnv({ LIVE_VIEW_ORIGINS: '*' })).toThrow(/LIVE_VIEW_ORIGINS/);
  });
});
