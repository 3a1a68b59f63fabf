import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP, isServedBuild } from './build-stamp.ts';
import { dashboardBuildIsStale } from './ensure-build.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project with one source file and a build written after it, stamped with `stamp`. */
function project(stamp: string | null): string {
  const root = mkdtempSync(path.join(tmpdir(), 'session-console-build-'));
  roots.push(root);
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'dist'));
  const source = path.join(root, 'src', 'main.tsx');
  writeFileSync(source, 'export {};\n');
  const earlier = new Date(Date.now() - 60_000);
  utimesSync(source, earlier, earlier);
  utimesSync(path.join(root, 'src'), earlier, earlier);
  writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html>');
  if (stamp !== null) writeFileSync(path.join(root, 'dist', BUILD_STAMP), stamp);
  return root;
}

describe('whether the dashboard is built again before it is served', () => {
  it('serves a production build newer than its sources', () => {
    expect(dashboardBuildIsStale(project('{"mode":"production","minified":true}'))).toBe(false);
  });

  it('builds again after a source changed', () => {
    const root = project('{"mode":"production","minified":true}');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src', 'main.tsx'), later, later);
    expect(dashboardBuildIsStale(root)).toBe(true);
  });

  it('builds again over a build made otherwise: unminified, another mode, unstamped or unreadable', () => {
    expect(dashboardBuildIsStale(project('{"mode":"production","minified":false}'))).toBe(true);
    expect(dashboardBuildIsStale(project('{"mode":"development","minified":true}'))).toBe(true);
    expect(dashboardBuildIsStale(project(null))).toBe(true);
    expect(dashboardBuildIsStale(project('not json'))).toBe(true);
    expect(isServedBuild('null')).toBe(false);
  });
});
