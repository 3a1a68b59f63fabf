import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';

// The dev server forwards /api to a running `npm start` (the gateway), see server/dev.ts.
const apiTarget = process.env.SESSION_CONSOLE_API_TARGET ?? 'http://127.0.0.1:7300';

// the dashboard names its own version where it writes files (a HAR's creator)
const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
        },
      },
    ],
  },
});
