import { startConsoleServer } from './console-server.ts';
import { ensureDashboardBuild } from './ensure-build.ts';
import { describeChromium } from './shared/chromium-lookup.ts';
import { optionsFromEnv, projectRoot } from './options.ts';

/** `npm start`: one process serving the dashboard and /api on http://HOST:PORT. */
async function main(): Promise<void> {
  const options = optionsFromEnv(process.env);
  if (process.env.SKIP_DASHBOARD_BUILD !== '1') await ensureDashboardBuild(projectRoot);
  const running = await startConsoleServer(options);
  console.log(`Session Console  ${running.url}/`);
  if (running.reference) {
    console.log(`  API            ${running.url}/api  (embedded reference server)`);
    console.log(`  demo session   ${running.demoSessionId}`);
    console.log(`  token          ${options.reference.token}`);
    const browser = running.reference.chromium;
    for (const skipped of browser.skipped) console.log(`  (skipped       ${skipped})`);
    console.log(`  browser        ${describeChromium(browser)}`);
    const liveView = running.reference.liveView;
    if (liveView) console.log(`  live view      ${liveView.url}  (REFERENCE_LIVE_VIEW_PORT)`);
  } else {
    console.log(`  API            ${running.url}/api  -> ${options.upstreamBaseUrl}`);
  }
  const names = options.allowedHosts?.trim() ? `, ${options.allowedHosts.trim()}` : '';
  console.log(`  answers        localhost and IP addresses${names} (ALLOWED_HOSTS)`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing streams and stopping`);
    setTimeout(() => process.exit(1), 5_000).unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
