import { accessSync, constants } from 'node:fs';

/** Whether `file` exists and this process may run it. */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
