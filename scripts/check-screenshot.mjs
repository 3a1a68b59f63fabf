// @ts-check
/**
 * `npm run lint` runs this: the README's picture was taken from the timeline's look as it is now
 * (see timeline-look.mjs). Exits 1, naming the sources that changed, when it was not.
 */
import { readFileSync } from 'node:fs';
import { lookDigest, LOOK_FILE } from './timeline-look.mjs';

const { all, lines } = lookDigest();
/** @returns {string} */
function readRecord() {
  try {
    return readFileSync(LOOK_FILE, 'utf8');
  } catch {
    return '';
  }
}
const recorded = readRecord();
const [recordedAll, ...recordedLines] = recorded.split('\n').filter(Boolean);
if (recordedAll === all) {
  console.log('check-screenshot: docs/images/timeline.png shows the timeline as it looks now');
} else {
  const before = new Set(recordedLines);
  const changed = lines.filter((line) => !before.has(line)).map((line) => line.slice(17));
  const now = new Set(lines.map((line) => line.slice(17)));
  const gone = recordedLines.map((line) => line.slice(17)).filter((file) => !now.has(file));
  console.error(
    'check-screenshot: the timeline’s look changed since docs/images/timeline.png was taken ' +
      (recorded === ''
        ? '(there is no record of the look it was taken from).\n'
        : `(${[...changed, ...gone.map((file) => `${file}, removed`)].join('; ')}).\n`) +
      'Run `npm run screenshots`, look at the picture, and commit it with docs/images/timeline.look.',
  );
  process.exit(1);
}
