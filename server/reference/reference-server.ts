// The reference server's life: its data folder and history, the live sessions it creates and
// ends, the demo site, the live view's own listener, and closing. What a request is answered with
// is in api-router.ts (the dispatch and auth) and session-routes.ts (the operations on a session).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HttpError } from '../shared/http.ts';
import { createApiRouter } from './api-router.ts';
import type { ReferenceConfig } from './config.ts';
import { SessionRecords, type Labels } from './history/session-records.ts';
import { Session } from './session.ts';
import { SESSION_ID, type ReferenceExtension } from './session-route.ts';
import { sessionRoutes } from './session-routes.ts';
import type { CategoryFlags } from './telemetry-config.ts';
import { findChromium, type ChromiumLookup } from './browser/chromium-process.ts';
import { startDemoDriver } from './demo-site/demo-driver.ts';
import { startDemoSite, type DemoSite } from './demo-site/demo-site.ts';
import { startLiveViewServer, type LiveViewServer } from './live-view/live-view-server.ts';
import { recordable, DEFAULT_FRAMERATE } from './replays/replay-routes.ts';
import { Replays } from './replays/replays.ts';

/** Finished recordings of the demo session kept besides the one going. */
const DEMO_RECORDINGS_KEPT = 3;

export interface ReferenceServer {
  readonly config: ReferenceConfig;
  readonly sessionsDir: string;
  /** Serves one API request; `apiPath` is the path after the API base, with its query. */
  handle(req: IncomingMessage, res: ServerResponse, apiPath: string): void;
  /** Serves a WebSocket upgrade under the API base: a session's `cdp_ws_url`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, apiPath: string): void;
  /** Where session browsers come from, or why there are none. */
  readonly chromium: ChromiumLookup;
  /**
   * The live view's own listener, on an origin of its own (each session's
   * `browser_live_view_url`); none when sessions have no browser to show.
   */
  readonly liveView: Pick<LiveViewServer, 'url' | 'originFor'> | undefined;
  /**
   * Creates a session; with `demo`, its browser keeps browsing the demo site (the `npm start`
   * demo session).
   */
  createSession(options?: {
    id?: string;
    flags?: CategoryFlags | null;
    demo?: boolean;
    labels?: Labels;
  }): Promise<Session>;
  /** Every session ever created, live or ended, with its telemetry history. */
  readonly records: SessionRecords;
  /** The demo site this server ships, started on first use. */
  demoSite(): Promise<DemoSite>;
  getSession(id: string): Session | undefined;
  /**
   * Where this server's API is reached over WebSockets from this machine (`ws://127.0.0.1:…/api`),
   * once it listens: the demo driver then connects through the session's `cdp_ws_url`, as an
   * agent does, instead of to the browser directly.
   */
  serveAgentsAt(wsBase: string): void;
  /**
   * Ends every session and stops. From the moment it is called, every request and upgrade is
   * answered 503 with Retry-After (the server is going away, the sessions are not); called again,
   * it returns the same promise.
   */
  close(): Promise<void>;
}

function newSessionId(): string {
  return randomBytes(15)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');
}

/**
 * Starts the reference server. `extensions` add to it from outside its core (the test and
 * benchmark rigs in `test-rigs/`, installed from the configuration by `testRigs`).
 */
export async function createReferenceServer(
  config: ReferenceConfig,
  extensions: readonly ReferenceExtension[] = [],
): Promise<ReferenceServer> {
  const ownsDataDir = config.dataDir === undefined;
  const dataDir = config.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'session-console-')));
  const sessionsDir = path.join(dataDir, 'sessions');
  await mkdir(sessionsDir, { recursive: true });
  const sessions = new Map<string, Session>();
  const records = SessionRecords.load(path.join(dataDir, 'history'), config.historyRetentionMs);
  await records.sweep();
  const chromium: ChromiumLookup = config.browser
    ? findChromium()
    : {
        path: undefined,
        reason: 'session browsers are turned off (REFERENCE_BROWSER=off)',
        skipped: [],
      };
  if (config.browser && chromium.path === undefined) {
    console.warn(`reference server: sessions will have no browser: ${chromium.reason}`);
  }
  const liveView =
    chromium.path === undefined
      ? undefined
      : await startLiveViewServer({
          host: config.liveViewHost,
          port: config.liveViewPort,
          publicUrl: config.liveViewUrl,
          session: (id) => sessions.get(id),
        });
  const sweeper = setInterval(() => void records.sweep(), 60 * 60 * 1000);
  sweeper.unref();
  // each session's recordings are kept in its history folder, and go when it is swept
  const replays = new Replays({
    ffmpeg: config.ffmpeg,
    folderOf: (id) => path.join(records.sessionDir(id), 'replays'),
  });

  let agentBase: string | undefined;
  let demoSite: Promise<DemoSite> | undefined;
  const getDemoSite = (): Promise<DemoSite> => {
    demoSite ??= startDemoSite({ port: config.demoSitePort });
    return demoSite;
  };

  const createSession = async (
    options: { id?: string; flags?: CategoryFlags | null; demo?: boolean; labels?: Labels } = {},
  ): Promise<Session> => {
    const id = options.id ?? newSessionId();
    if (!SESSION_ID.test(id)) throw new Error(`invalid session id ${JSON.stringify(id)}`);
    if (options.id !== undefined && !sessions.has(id)) records.retire(id);
    if (sessions.has(id) || records.has(id))
      throw new HttpError(409, 'conflict', `browser session ${id} already exists`);
    const archive = records.openArchive(id);
    let session: Session;
    try {
      session = await Session.create(id, sessionsDir, options.flags ?? null, config, chromium, {
        labels: options.labels ?? {},
        archive,
        ...(liveView ? { liveView } : {}),
      });
    } catch (error) {
      archive.close();
      throw error;
    }
    sessions.set(id, session);
    records.created(session.toWire(''), archive);
    if (options.demo && session.browser) {
      const { browser } = session;
      session.demoDriver = startDemoDriver(
        {
          // none until the server listens (`serveAgentsAt`): the driver waits for it
          get cdpUrl() {
            if (browser.upstreamUrl === undefined || agentBase === undefined) return undefined;
            return `${agentBase}/browsers/${id}/cdp?jwt=${session.cdpSecret}`;
          },
          writeClipboard: (text) => browser.writeClipboard(text),
        },
        (await getDemoSite()).url,
      );
      if (config.demoRecordingMs !== undefined)
        replays.keepRecording(recordable(session), {
          everyMs: config.demoRecordingMs,
          keep: DEMO_RECORDINGS_KEPT,
          framerate: DEFAULT_FRAMERATE,
        });
    }
    return session;
  };

  const endSession = async (session: Session): Promise<void> => {
    // answered as ended from the moment it is no longer live, not "not found" while it is torn
    // down: a client that reads its record when its streams end must learn that it ended
    const at = new Date();
    records.ending(session.toWire(''), at);
    sessions.delete(session.id);
    await replays.sessionEnded(session.id);
    await session.end();
    records.deleted(session.toWire(''), at);
    // the browser's last writes into its profile can still be landing: retry, and a folder that
    // will not go does not make the deletion, already done, fail
    await rm(session.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(
      (error: unknown) =>
        console.warn(
          `reference server: session ${session.id}: files not removed: ${String(error)}`,
        ),
    );
  };

  const routes = sessionRoutes(config, records, endSession, replays);
  for (const extension of extensions) routes.push(...(extension.routes ?? []));

  // set when close() begins: from then on every request is answered 503, never "not found"
  let closing: Promise<void> | undefined;

  const router = createApiRouter({
    config,
    extensions,
    sessions,
    records,
    routes,
    createSession,
    closing: () => closing !== undefined,
  });

  return {
    config,
    sessionsDir,
    handle: router.handle,
    handleUpgrade: router.handleUpgrade,
    chromium,
    liveView,
    createSession,
    demoSite: getDemoSite,
    getSession: (id) => sessions.get(id),
    serveAgentsAt(wsBase) {
      agentBase = wsBase;
    },
    records,
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        const open = [...sessions.values()];
        sessions.clear();
        // written before the browsers go, so they end on the screen as it was
        await replays.close();
        await Promise.all(open.map((session) => session.end()));
        await liveView?.close();
        records.close();
        if (demoSite) await (await demoSite).close();
        if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
