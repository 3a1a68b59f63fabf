// @ts-check
/**
 * What the README's picture (docs/images/timeline.png) shows: the session view with its timeline,
 * overview, chips, details and stack trace. `npm run screenshots` records a digest of these
 * sources beside the picture (docs/images/timeline.look); `npm run lint` (check-screenshot.mjs)
 * fails while they differ from it, so a change to the timeline's look retakes the picture.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LOOK_FILE = path.join(root, 'docs', 'images', 'timeline.look');

/** Files, or a folder's files whose names start so (`…/overview-*`), that make the picture's look. */
const LOOK_SOURCES = [
  'src/styles.css',
  'src/app/session-view.tsx',
  'src/app/session-workspace.tsx',
  'src/app/session-view-tabs.tsx',
  'src/components/ui/badge.tsx',
  'src/components/ui/button.tsx',
  'src/components/ui/stream-status-badge.tsx',
  'src/components/ui/toolbar.tsx',
  'src/components/ui/untrusted-text.tsx',
  'src/app/events-panel/telemetry-panel.tsx',
  'src/app/events-panel/detail-parts.tsx',
  'src/features/timeline/components/timeline-*',
  'src/features/timeline/components/category-*',
  'src/features/timeline/components/level-chips.tsx',
  'src/components/ui/chip-row.tsx',
  'src/features/timeline/components/event-detail.tsx',
  'src/features/timeline/components/event-fields.tsx',
  'src/features/errors/components/stack-trace-view.tsx',
  'src/features/errors/components/console-stack.tsx',
  'src/features/overview/components/overview-*',
  'src/entities/session-events/model/event-summaries.ts',
  'src/entities/session-events/model/service-summaries.ts',
  'src/entities/session-events/model/console-format.ts',
  'src/entities/session-events/model/catalogue.ts',
];

/** @param {string} entry @returns {string[]} */
function filesOf(entry) {
  const source = /\.(tsx?|css)$/;
  // a source that moved must be named again here, not drop out of the digest unnoticed
  if (!entry.endsWith('*')) {
    if (!exists(entry)) throw new Error(`timeline-look.mjs: ${entry} does not exist`);
    return [entry];
  }
  const folder = path.posix.dirname(entry);
  const prefix = path.posix.basename(entry).slice(0, -1);
  const files = readdirSync(path.join(root, folder))
    .filter((name) => name.startsWith(prefix) && source.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.posix.join(folder, name));
  if (files.length === 0) throw new Error(`timeline-look.mjs: nothing matches ${entry}`);
  return files;
}

/** @param {string} file */
function exists(file) {
  try {
    return statSync(path.join(root, file)).isFile();
  } catch {
    return false;
  }
}

/** The digest of the look's sources: one line per file (its own digest), then their digest. */
export function lookDigest() {
  const files = [...new Set(LOOK_SOURCES.flatMap(filesOf))].sort();
  const lines = files.map(
    (file) =>
      `${createHash('sha256')
        .update(readFileSync(path.join(root, file)))
        .digest('hex')
        .slice(0, 16)} ${file}`,
  );
  const all = createHash('sha256').update(lines.join('\n')).digest('hex');
  return { all, lines };
}

/** The text recorded beside the picture. */
export function lookRecord() {
  const { all, lines } = lookDigest();
  return `${all}\n${lines.join('\n')}\n`;
}
