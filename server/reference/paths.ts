import { realpath, lstat, readlink } from 'node:fs/promises';
import path from 'node:path';
import { HttpError } from '../shared/http.ts';

function reject(reason: string, message = 'path is not allowed'): HttpError {
  return new HttpError(400, 'bad_request', message, [{ code: 'invalid_path', message: reason }]);
}

/** Decodes repeatedly (as a careless intermediary would) to expose encoded traversal. */
function decodedForms(value: string): string[] {
  const forms = [value];
  let current = value;
  for (let i = 0; i < 3; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

function hasDotDotSegment(value: string): boolean {
  return value.split(/[/\\]/).some((segment) => segment === '..');
}

/**
 * Checks a path as requested by a client (absolute, in the session's own filesystem) and maps it
 * into `root`. Throws a 400 whose detail says why when it is not acceptable. Symlinks are checked
 * separately by `confineExisting`, because the file may not exist yet.
 */
export function mapIntoRoot(root: string, requested: string): string {
  if (requested.length === 0) throw reject('path is empty', 'path is required');
  if (requested.includes('\0')) throw reject('path contains a NUL byte');
  if (!requested.startsWith('/')) throw reject(`path must be absolute, got "${requested}"`);
  if (requested.length > 4096) throw reject('path is longer than 4096 characters');
  const forms = decodedForms(requested);
  if (hasDotDotSegment(requested)) throw reject('path contains a ".." segment');
  if (forms.slice(1).some((form) => hasDotDotSegment(form) || form.includes('\0'))) {
    throw reject('path contains an encoded ".." segment or NUL byte');
  }
  const mapped = path.join(root, path.posix.normalize(requested));
  const relative = path.relative(root, mapped);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    throw reject('path escapes the session root');
  }
  return mapped;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Resolves symlinks of the longest existing prefix of `mapped` and checks that the result stays
 * inside `root`. Returns whether the full path exists (a file used as a directory makes it not
 * exist). Symlink loops anywhere in the path, links that leave the root and names too long for the
 * filesystem are a 400; no filesystem error escapes with a host path in it.
 */
export async function confineExisting(root: string, mapped: string): Promise<boolean> {
  const realRoot = await realpath(root);
  let probe = mapped;
  let exists = true;
  for (;;) {
    try {
      await lstat(probe);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // a loop in a directory component fails the lstat itself, not only the realpath below
      if (code === 'ELOOP') throw reject('path runs into a symlink loop');
      if (code === 'ENAMETOOLONG') {
        throw reject('path has a component longer than the filesystem allows');
      }
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      exists = false;
      const parent = path.dirname(probe);
      if (parent === probe) break;
      probe = parent;
    }
  }
  let resolved: string;
  try {
    resolved = await realpath(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw reject('path runs into a symlink loop');
    if (code === 'ENOENT') throw reject('path goes through a dangling symlink');
    throw error;
  }
  if (!isInside(realRoot, resolved)) throw reject('path leaves the session root through a symlink');
  return exists;
}

/**
 * Checks the file actually opened (by its descriptor) lies inside `root`, so a symlink swapped in
 * between `confineExisting` and the open is caught before anything is read. Uses /proc/self/fd
 * where the platform has it; elsewhere the check before opening is all there is.
 */
export async function confineOpened(root: string, fd: number): Promise<void> {
  let opened: string;
  try {
    opened = await readlink(`/proc/self/fd/${fd}`);
  } catch {
    return;
  }
  if (!isInside(await realpath(root), opened)) {
    throw reject('path leaves the session root through a symlink');
  }
}
