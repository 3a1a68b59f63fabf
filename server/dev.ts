import { createServer as createViteServer } from 'vite';
import { startConsoleServer } from './console-server.ts';
import { optionsFromEnv, projectRoot } from './options.ts';

/**
 * `npm run dev`: the API (embedded reference server, or KERNEL_BASE_URL) on PORT, and Vite with
 * hot module replacement on DEV_PORT forwarding /api and /console-config.json to it.
 */
const options = optionsFromEnv(process.env);
const api = await startConsoleServer(options);
process.env.SESSION_CONSOLE_API_TARGET = api.url;
const vite = await createViteServer({
  root: projectRoot,
  server: { host: options.host, port: Number(process.env.DEV_PORT || 5173) },
});
await vite.listen();
console.log(`Session Console (dev)  ${vite.resolvedUrls?.local[0] ?? ''}`);
console.log(
  `  API                  ${api.url}/api${api.reference ? '  (embedded reference server)' : ` -> ${options.upstreamBaseUrl}`}`,
);
if (api.reference) {
  console.log(`  demo session         ${api.demoSessionId}`);
  console.log(`  token                ${options.reference.token}`);
}
const stop = (): void => {
  void Promise.all([vite.close(), api.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
