import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type Kernel from '@onkernel/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startReference,
  type ReferenceHarness,
  sdkClient,
} from '../../testing/reference-harness.ts';
import { findChromium } from '../browser/chromium-process.ts';
import { findFfmpeg } from './ffmpeg-binary.ts';
import { readMp4Outline } from './mp4-boxes.ts';
import { CHANGING_PAGE, showInBrowser, sleep, until } from './testing/replay-kit.ts';

const chromium = findChromium().path;
const ffmpeg = findFfmpeg(undefined).path;

interface Replay {
  replay_id: string;
  started_at?: string | null;
  finished_at?: string | null;
  replay_view_url?: string;
}

const wallS = (replay: Replay): number =>
  (Date.parse(replay.finished_at ?? '') - Date.parse(replay.started_at ?? '')) / 1000;

describe.skipIf(!chromium || !ffmpeg)(
  'replays of a session browser (real Chromium, ffmpeg)',
  () => {
    let dataDir: string;
    let h: ReferenceHarness;
    let client: Kernel;
    let id: string;

    const connect = async () => {
      h = await startReference({ browser: true, dataDir });
      client = sdkClient(h, 30_000);
    };

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'replays-test-'));
      await connect();
      // the platform category (platform_api_call) is newer than the SDK's types
      const created = await h.call('/browsers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ telemetry: { browser: { platform: { enabled: true } } } }),
      });
      const browser = (await created.json()) as { session_id: string; cdp_ws_url: string };
      id = browser.session_id;
      await showInBrowser(browser.cdp_ws_url, CHANGING_PAGE);
    }, 60_000);
    afterAll(async () => {
      await h.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const video = async (replay: Replay): Promise<Buffer> =>
      Buffer.from(
        await (await client.browsers.replays.download(replay.replay_id, { id })).arrayBuffer(),
      );

    const listed = async (replayId: string): Promise<Replay | undefined> =>
      (await client.browsers.replays.list(id)).find((replay) => replay.replay_id === replayId);

    it('records the screen for as long as asked, as an MP4 a <video> plays and seeks', async () => {
      const started = await client.browsers.replays.start(id, { framerate: 10 });
      expect(started).toMatchObject({ finished_at: null });
      expect(started.replay_id).toMatch(/^rp_/);
      expect(Date.parse(started.started_at ?? '')).toBeGreaterThan(Date.now() - 10_000);

      // while it records, the video is not there yet: 202 and when to ask again
      const early = await h.call(`/browsers/${id}/replays/${started.replay_id}`);
      expect(early.status).toBe(202);
      expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
      await early.arrayBuffer();

      await sleep(3000);
      await client.browsers.replays.stop(started.replay_id, { id });
      const replay = await listed(started.replay_id);
      expect(replay?.finished_at).toBeTruthy();
      const seconds = wallS(replay as Replay);
      expect(seconds).toBeGreaterThan(2.9);

      const bytes = await video(started);
      const outline = readMp4Outline(bytes);
      expect(outline.boxes[0]).toBe('ftyp');
      expect(outline.boxes.indexOf('moov')).toBeLessThan(outline.boxes.indexOf('mdat'));
      expect(Math.abs((outline.durationS ?? 0) - seconds)).toBeLessThan(seconds / 10);
      // decoded by ffmpeg: H.264 video, a frame for every tenth of a second recorded
      const decoded = spawnSync(
        ffmpeg as string,
        ['-hide_banner', '-i', 'pipe:0', '-map', '0:v:0', '-f', 'null', '-'],
        { input: bytes, encoding: 'utf8' },
      );
      expect(decoded.status).toBe(0);
      expect(decoded.stderr).toMatch(/Video: h264/);
      const frames = Number([...decoded.stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1]);
      expect(Math.abs(frames - seconds * 10)).toBeLessThanOrEqual(seconds);

      // byte ranges: what a <video> asks for when it seeks
      const ranged = await h.call(`/browsers/${id}/replays/${started.replay_id}`, {
        headers: { Range: 'bytes=100-1099' },
      });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-type')).toBe('video/mp4');
      expect(ranged.headers.get('accept-ranges')).toBe('bytes');
      expect(ranged.headers.get('content-range')).toBe(`bytes 100-1099/${bytes.length}`);
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(100, 1100));
      const tail = await h.call(`/browsers/${id}/replays/${started.replay_id}`, {
        headers: { Range: 'bytes=-10' },
      });
      expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
      const beyond = await h.call(`/browsers/${id}/replays/${started.replay_id}`, {
        headers: { Range: `bytes=${bytes.length}-` },
      });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      await beyond.arrayBuffer();

      // the view URL carries its own secret: a <video> needs no token, a wrong secret gets nothing
      const viewUrl = replay?.replay_view_url ?? '';
      const viewed = await fetch(viewUrl, { headers: { Range: 'bytes=0-7' } });
      expect(viewed.status).toBe(206);
      expect(Buffer.from(await viewed.arrayBuffer())).toEqual(bytes.subarray(0, 8));
      const wrong = await fetch(viewUrl.replace(/jwt=.*/, 'jwt=wrong'));
      expect(wrong.status).toBe(401);
      await wrong.arrayBuffer();

      // starting and stopping are platform_api_call events
      const operations = await until(async () => {
        const response = await h.call(
          `/browsers/${id}/telemetry/events?since=1h&limit=100&category=platform`,
        );
        const events = (await response.json()) as {
          event: { type: string; data?: { operation_id?: string; status?: number } };
        }[];
        const seen = events
          .filter((envelope) => envelope.event.type === 'platform_api_call')
          .map((envelope) => `${envelope.event.data?.operation_id} ${envelope.event.data?.status}`);
        return seen.includes('stopRecording 200') ? seen : undefined;
      });
      expect(operations).toContain('startRecording 200');
      expect(operations).toContain('downloadRecording 202');
    }, 30_000);

    it('keeps two recordings at once, each on its own', async () => {
      const first = await client.browsers.replays.start(id, {});
      await sleep(1000);
      const second = await client.browsers.replays.start(id, { framerate: 5 });
      expect(second.replay_id).not.toBe(first.replay_id);
      await sleep(1500);
      await client.browsers.replays.stop(first.replay_id, { id });
      await sleep(1000);
      await client.browsers.replays.stop(second.replay_id, { id });
      for (const [started, framerate] of [
        [first, 10],
        [second, 5],
      ] as const) {
        const replay = (await listed(started.replay_id)) as Replay;
        const duration = readMp4Outline(await video(started)).durationS ?? 0;
        expect(Math.abs(duration - wallS(replay))).toBeLessThan(wallS(replay) / 10);
        // the wall time rounded to a whole frame, the last frame's length included
        expect(Math.abs(duration - wallS(replay))).toBeLessThanOrEqual(0.5 / framerate + 0.001);
      }
      const [a, b] = [await listed(first.replay_id), await listed(second.replay_id)] as Replay[];
      expect(wallS(a as Replay)).toBeGreaterThanOrEqual(2.5);
      expect(Date.parse(b?.started_at ?? '')).toBeGreaterThan(Date.parse(a?.started_at ?? ''));
      expect(Date.parse(b?.finished_at ?? '')).toBeGreaterThan(Date.parse(a?.finished_at ?? ''));
    }, 30_000);

    it('stops a recording by itself at its maximum duration', async () => {
      const started = await client.browsers.replays.start(id, { max_duration_in_seconds: 2 });
      const replay = await until(async () => {
        const found = await listed(started.replay_id);
        return found?.finished_at ? found : undefined;
      });
      expect(wallS(replay)).toBe(2);
      const ready = await until(async () => {
        const response = await h.call(`/browsers/${id}/replays/${started.replay_id}`);
        if (response.status === 202) {
          await response.arrayBuffer();
          return undefined;
        }
        return Buffer.from(await response.arrayBuffer());
      });
      expect(readMp4Outline(ready).durationS).toBeCloseTo(2, 0);
    }, 30_000);

    it('refuses audio and framerates it cannot record', async () => {
      await expect(client.browsers.replays.start(id, { record_audio: true })).rejects.toMatchObject(
        {
          status: 400,
          message: expect.stringContaining('audio recording is not supported'),
        },
      );
      await expect(client.browsers.replays.start(id, { framerate: 30 })).rejects.toMatchObject({
        status: 400,
      });
      await expect(
        client.browsers.replays.start(id, { max_duration_in_seconds: 0 }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        client.browsers.replays.stop('rp_00000000000000000000', { id }),
      ).rejects.toMatchObject({ status: 404 });
    });

    it('lists and serves the recordings of an ended session, and after a restart', async () => {
      // a recording still going when the session ends is finished with it
      const last = await client.browsers.replays.start(id, {});
      await sleep(1500);
      const before = await client.browsers.replays.list(id);
      await client.browsers.deleteByID(id);
      const ended = await client.browsers.replays.list(id);
      expect(ended.map((replay) => replay.replay_id)).toEqual(
        before.map((replay) => replay.replay_id),
      );
      expect(ended.every((replay) => replay.finished_at)).toBe(true);
      const lastBytes = await video(last);
      expect(readMp4Outline(lastBytes).boxes).toContain('moov');

      await h.close();
      await connect();
      const restarted = await client.browsers.replays.list(id);
      expect(restarted).toEqual(
        ended.map((replay) => ({
          ...replay,
          replay_view_url: expect.stringContaining(replay.replay_id),
        })),
      );
      expect(await video(last)).toEqual(lastBytes);

      // they go with the session's history when its retention ends
      const folder = path.join(h.reference.records.sessionDir(id), 'replays');
      expect(existsSync(folder)).toBe(true);
      await h.reference.records.sweep(Date.now() + 31 * 24 * 3600 * 1000);
      expect(existsSync(folder)).toBe(false);
      await expect(client.browsers.replays.list(id)).rejects.toMatchObject({ status: 404 });
    }, 60_000);
  },
);
