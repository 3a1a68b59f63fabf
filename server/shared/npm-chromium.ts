import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { untar } from './untar.ts';

/**
 * The Chromium that `npm install` brings as an optional dependency: `@sparticuz/chromium` ships a
 * headless Chromium for Linux x64 inside the package (brotli-compressed), with the NSS libraries
 * it links against and a font, so it runs on a machine with no browser and no browser libraries.
 * Nothing is downloaded: the package's own files are unpacked once into a cache beside it.
 */
export const NPM_CHROMIUM_PACKAGE = '@sparticuz/chromium';

export interface UnpackedChromium {
  path: string;
  packageVersion: string;
  /** What the browser process needs in its environment: its libraries and its fonts. */
  env: Record<string, string>;
}

/** Where the package is installed, or undefined when it is not (another platform, --omit=optional). */
function packageDir(): { dir: string; version: string } | undefined {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(NPM_CHROMIUM_PACKAGE);
  } catch {
    return undefined;
  }
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    if (parsed.name === NPM_CHROMIUM_PACKAGE && typeof parsed.version === 'string') {
      return { dir, version: parsed.version };
    }
  }
  return undefined;
}

/** `node_modules/.cache/session-console` beside the package, else the temporary directory. */
function cacheRoots(dir: string): string[] {
  const nodeModules = path.resolve(dir, '..', '..');
  const user = os.userInfo().username.replace(/[^A-Za-z0-9_-]/g, '_');
  return [
    path.join(nodeModules, '.cache', 'session-console'),
    path.join(os.tmpdir(), `session-console-${user}`),
  ];
}

/**
 * Unpacks the package's browser (once; later calls reuse it) and says how to run it. Throws when
 * the package is installed but cannot be unpacked anywhere; returns undefined when it is absent.
 */
export function unpackNpmChromium(): UnpackedChromium | undefined {
  const found = packageDir();
  if (!found) return undefined;
  let lastError: unknown;
  for (const root of cacheRoots(found.dir)) {
    const target = path.join(root, `chromium-${found.version}`);
    try {
      if (!existsSync(path.join(target, '.complete'))) unpackInto(found.dir, target);
      return {
        path: path.join(target, 'chromium'),
        packageVersion: found.version,
        env: {
          LD_LIBRARY_PATH: [path.join(target, 'lib'), process.env.LD_LIBRARY_PATH]
            .filter(Boolean)
            .join(':'),
          FONTCONFIG_FILE: path.join(target, 'fonts.conf'),
        },
      };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/**
 * Unpacks into a fresh directory and renames it into place, so that processes looking up the
 * browser at the same moment (the server, the test runner) never see half a browser.
 */
function unpackInto(packageRoot: string, target: string): void {
  const bin = path.join(packageRoot, 'bin');
  const partial = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(partial, { recursive: true });
  try {
    const inflate = (name: string): Buffer =>
      brotliDecompressSync(readFileSync(path.join(bin, name)));
    writeFileSync(path.join(partial, 'chromium'), inflate('chromium.br'), { mode: 0o755 });
    untar(inflate('al2023.tar.br'), partial);
    untar(inflate('fonts.tar.br'), partial);
    // the package's own fonts.conf names serverless paths; this one names ours, after the
    // system's fonts when the machine has any
    writeFileSync(
      path.join(partial, 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
        `  <dir>${escapeXml(path.join(target, 'fonts'))}</dir>`,
        `  <cachedir>${escapeXml(path.join(target, 'fontconfig-cache'))}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(partial, '.complete'), `${new Date().toISOString()}\n`);
    try {
      renameSync(partial, target);
    } catch (error) {
      // another process finished first: use its copy
      if (!existsSync(path.join(target, '.complete'))) throw error;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
