import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_STAMP, type BuildStamp } from './server/build-stamp.ts';

// The dev server forwards /api to a running `npm start` (the gateway), see server/dev.ts.
const apiTarget = process.env.SESSION_CONSOLE_API_TARGET ?? 'http://127.0.0.1:7300';

// the dashboard names its own version where it writes files (a HAR's creator)
const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

/**
 * Writes how the build was made beside it (`BUILD_STAMP`), so that a build made otherwise (not
 * minified, for a profile) is not taken for the one `npm start` and the benchmark serve: they
 * build again (server/ensure-build.ts).
 */
function buildStamp(): Plugin {
  let stamp: BuildStamp = { mode: '', minified: false };
  let outDir = '';
  return {
    name: 'session-console-build-stamp',
    apply: 'build',
    configResolved(config) {
      stamp = { mode: config.mode, minified: config.build.minify !== false };
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeFileSync(path.join(outDir, BUILD_STAMP), `${JSON.stringify(stamp)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), buildStamp()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    proxy: {
      // ws: the stream relay (/api/_streams) and session browsers' CDP WebSockets
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/console-config.json': { target: apiTarget },
    },
  },
  build: { sourcemap: true, target: 'es2022' },
  // the stream worker is a module worker (src/app/provider.tsx)
  worker: { format: 'es' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 20_000,
          env: { TZ: 'UTC' },
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          environment: 'node',
          include: ['bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
          env: { TZ: 'UTC' },
          // a real collection, for what must wait until nothing holds it (lib/sse/batch-bytes.ts)
          execArgv: ['--expose-gc'],
        },
      },
    ],
  },
});
