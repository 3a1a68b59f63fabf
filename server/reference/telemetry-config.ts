import {
  CDP_CATEGORIES,
  DEFAULT_ON_CATEGORIES,
  TELEMETRY_CATEGORIES,
  type TelemetryCategoryName,
  type TelemetryConfig,
} from '../../src/types/api.ts';
import { HttpError, isRecord } from '../shared/http.ts';

/** The resolved capture flags of a session; `null` means capture is not running. */
export type CategoryFlags = Record<TelemetryCategoryName, boolean>;

interface ParsedRequest {
  enabled: boolean | undefined;
  browser: Partial<CategoryFlags> | undefined;
}

function defaultFlags(): CategoryFlags {
  const flags = Object.fromEntries(
    TELEMETRY_CATEGORIES.map((name) => [name, false]),
  ) as CategoryFlags;
  for (const name of DEFAULT_ON_CATEGORIES) flags[name] = true;
  return flags;
}

function invalid(message: string): HttpError {
  return new HttpError(400, 'bad_request', 'invalid telemetry configuration', [
    { code: 'invalid_input', message },
  ]);
}

/** Validates the `telemetry` member of a create or update body. `undefined` means "not given". */
function parseRequest(value: unknown): ParsedRequest | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw invalid('telemetry must be an object or null');
  const { enabled, browser, ...rest } = value;
  const unknownKeys = Object.keys(rest);
  if (unknownKeys.length > 0) throw invalid(`unknown telemetry field "${unknownKeys[0]}"`);
  if (enabled !== undefined && typeof enabled !== 'boolean') {
    throw invalid('telemetry.enabled must be a boolean');
  }
  if (browser !== undefined && !isRecord(browser))
    throw invalid('telemetry.browser must be an object');
  let flags: Partial<CategoryFlags> | undefined;
  if (browser) {
    flags = {};
    for (const [name, entry] of Object.entries(browser)) {
      if (!(TELEMETRY_CATEGORIES as readonly string[]).includes(name)) {
        throw invalid(`unknown telemetry category "${name}"`);
      }
      if (!isRecord(entry)) throw invalid(`telemetry.browser.${name} must be an object`);
      if (entry.enabled === undefined) continue;
      if (typeof entry.enabled !== 'boolean') {
        throw invalid(`telemetry.browser.${name}.enabled must be a boolean`);
      }
      flags[name as TelemetryCategoryName] = entry.enabled;
    }
  }
  if (enabled === false && flags && Object.keys(flags).length > 0) {
    throw invalid('enabled=false cannot be combined with browser category settings');
  }
  if (enabled === undefined && browser === undefined) return undefined; // `{}`
  return { enabled, browser: flags };
}

function layered(
  base: CategoryFlags,
  overrides: Partial<CategoryFlags> | undefined,
): CategoryFlags | null {
  const result = { ...base, ...overrides };
  return TELEMETRY_CATEGORIES.some((name) => result[name]) ? result : null;
}

/** Resolves the capture flags for `POST /browsers` (upstream's create rules). */
export function resolveCreateTelemetry(value: unknown): CategoryFlags | null {
  const request = parseRequest(value);
  if (!request || request.enabled === false) return null;
  return layered(defaultFlags(), request.browser);
}

/** Resolves the capture flags for `PATCH /browsers/{id}` (upstream's update rules). */
export function resolveUpdateTelemetry(
  current: CategoryFlags | null,
  value: unknown,
): CategoryFlags | null {
  const request = parseRequest(value);
  if (!request) return current;
  if (request.enabled === false) return null;
  if (request.enabled === true || current === null) return layered(defaultFlags(), request.browser);
  return layered(current, request.browser);
}

/** Every category on: the demo session's configuration. */
export function allCategories(): CategoryFlags {
  return Object.fromEntries(TELEMETRY_CATEGORIES.map((name) => [name, true])) as CategoryFlags;
}

export function toWireConfig(flags: CategoryFlags | null): TelemetryConfig | null {
  if (!flags) return null;
  return {
    browser: Object.fromEntries(
      TELEMETRY_CATEGORIES.map((name) => [name, { enabled: flags[name] }]),
    ),
  };
}

/** Whether an event of `category` produced by the session itself is captured. */
export function captures(flags: CategoryFlags | null, category: string): boolean {
  if (!flags) return false;
  if (category === 'monitor') return CDP_CATEGORIES.some((name) => flags[name]);
  return (flags as Record<string, boolean>)[category] === true;
}
