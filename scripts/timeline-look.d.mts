/** Types of timeline-look.mjs (plain JavaScript, so that `npm run lint` runs it with node alone). */
export const root: string;
export const LOOK_FILE: string;
export function lookDigest(): { all: string; lines: string[] };
export function lookRecord(): string;
