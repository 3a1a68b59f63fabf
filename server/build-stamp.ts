/** The file beside a dashboard build that says how it was made (vite.config.ts writes it). */
export const BUILD_STAMP = 'build.json';

export interface BuildStamp {
  /** Vite's mode: `production` for `npm run build`. */
  mode: string;
  minified: boolean;
}

/** Whether a stamp's text says the build is the one to serve: production mode, minified. */
export function isServedBuild(text: string | undefined): boolean {
  if (text === undefined) return false;
  try {
    const stamp = JSON.parse(text) as Partial<BuildStamp> | null;
    return stamp?.mode === 'production' && stamp.minified === true;
  } catch {
    return false;
  }
}
