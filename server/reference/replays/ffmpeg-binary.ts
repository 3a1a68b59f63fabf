// Which ffmpeg encodes the replays: the one REFERENCE_FFMPEG names, else the binary inside the
// `@ffmpeg-installer/ffmpeg` npm package (built for this platform), else `ffmpeg` on PATH; or why
// there is none, which the replay start then answers with.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { isExecutable } from '../../shared/executable.ts';

export interface FoundFfmpeg {
  path: string;
  /** Where it was found, for people. */
  where: string;
}

export interface NoFfmpeg {
  path: undefined;
  reason: string;
}

export type FfmpegLookup = FoundFfmpeg | NoFfmpeg;

/** True when `file` runs and says it is ffmpeg with an H.264 encoder (libx264). */
function runsWithX264(file: string): boolean {
  const encoders = spawnSync(file, ['-hide_banner', '-encoders'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  return encoders.status === 0 && /\blibx264\b/.test(encoders.stdout);
}

function fromPackage(): string | { reason: string } {
  try {
    const found = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    return found.path;
  } catch (error) {
    // the package throws a bare string for a platform it has no build for
    return { reason: `the @ffmpeg-installer/ffmpeg package has none: ${String(error)}` };
  }
}

/**
 * Looks ffmpeg up once. `setting` is REFERENCE_FFMPEG: `off`, a path, or empty for the lookup.
 * A candidate that does not run, or has no libx264, is passed over with the reason kept.
 */
export function findFfmpeg(setting: string | undefined): FfmpegLookup {
  if (setting === 'off')
    return { path: undefined, reason: 'video recording is turned off (REFERENCE_FFMPEG=off)' };
  if (setting) {
    if (!isExecutable(setting) || !runsWithX264(setting))
      return {
        path: undefined,
        reason: `REFERENCE_FFMPEG=${setting} is not an ffmpeg with libx264 that this server can run`,
      };
    return { path: setting, where: 'REFERENCE_FFMPEG' };
  }
  const skipped: string[] = [];
  const packaged = fromPackage();
  if (typeof packaged === 'string') {
    if (isExecutable(packaged) && runsWithX264(packaged))
      return { path: packaged, where: 'npm package @ffmpeg-installer/ffmpeg' };
    skipped.push(`${packaged} does not run or has no libx264`);
  } else skipped.push(packaged.reason);
  if (runsWithX264('ffmpeg')) return { path: 'ffmpeg', where: 'PATH' };
  skipped.push('no ffmpeg with libx264 on PATH');
  return {
    path: undefined,
    reason: `video recording needs ffmpeg with libx264, and none was found (${skipped.join('; ')}); set REFERENCE_FFMPEG to one`,
  };
}
