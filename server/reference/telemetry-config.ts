import {
  CDP_CATEGORIES,
  DEFAULT_ON_CATEGORIES,
  TELEMETRY_CATEGORIES,
  type TelemetryCategoriesConfig,
  type TelemetryCategoryName,
  type TelemetryConfig,
} from '../../src/types/api.ts';
import { HttpError, isRecord } from '../shared/http.ts';
import { CDP_COMMAND_METHODS } from './browser/cdp-command.ts';

/**
 * The resolved capture flags of a session; `null` means capture is not running. Every category of
 * TELEMETRY_CATEGORIES has a flag (`platform` included: opt-in, off by default), and
 * `cdpExcludedMethods` holds `control.cdp.excluded_methods`, when any.
 */
export type CategoryFlags = Record<TelemetryCategoryName, boolean> & {
  readonly cdpExcludedMethods?: readonly string[];
};

interface ParsedRequest {
  enabled: boolean | undefined;
  browser: Partial<Record<TelemetryCategoryName, boolean>> | undefined;
  /** `control.cdp.excluded_methods` when given (an empty list clears it). */
  excludedMethods: string[] | undefined;
}

function defaultFlags(): CategoryFlags {
  const flags = Object.fromEntries(TELEMETRY_CATEGORIES.map((name) => [name, false])) as Record<
    TelemetryCategoryName,
    boolean
  >;
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
  let flags: Partial<Record<TelemetryCategoryName, boolean>> | undefined;
  let excludedMethods: string[] | undefined;
  if (browser) {
    flags = {};
    for (const [name, entry] of Object.entries(browser)) {
      if (!(TELEMETRY_CATEGORIES as readonly string[]).includes(name)) {
        throw invalid(`unknown telemetry category "${name}"`);
      }
      if (!isRecord(entry)) throw invalid(`telemetry.browser.${name} must be an object`);
      if (name === 'control') excludedMethods = parseCdpControl(entry.cdp);
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
  return { enabled, browser: flags, excludedMethods };
}

/** `telemetry.browser.control.cdp`: only `excluded_methods`, a list of recorded CDP methods. */
function parseCdpControl(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw invalid('telemetry.browser.control.cdp must be an object');
  const { excluded_methods: methods } = value;
  if (methods === undefined || methods === null) return undefined;
  if (!Array.isArray(methods))
    throw invalid('telemetry.browser.control.cdp.excluded_methods must be an array of CDP methods');
  for (const method of methods) {
    if (typeof method !== 'string' || !CDP_COMMAND_METHODS.includes(method))
      throw invalid(
        `telemetry.browser.control.cdp.excluded_methods: ${JSON.stringify(method)} is not a recorded CDP method`,
      );
  }
  return [...new Set(methods as string[])];
}

/**
 * Layers `overrides` onto `base`. The exclusion list is merged independently of the flags: given,
 * it replaces the current one (empty clears it); not given, the current one stays.
 */
function layered(
  base: CategoryFlags,
  overrides: Partial<Record<TelemetryCategoryName, boolean>> | undefined,
  excludedMethods: readonly string[] | undefined,
): CategoryFlags | null {
  const { cdpExcludedMethods: current, ...flags } = { ...base, ...overrides };
  const methods = excludedMethods ?? current;
  const result: CategoryFlags =
    methods && methods.length > 0 ? { ...flags, cdpExcludedMethods: methods } : flags;
  return TELEMETRY_CATEGORIES.some((name) => result[name]) ? result : null;
}

/** Resolves the capture flags for `POST /browsers` (upstream's create rules). */
export function resolveCreateTelemetry(value: unknown): CategoryFlags | null {
  const request = parseRequest(value);
  if (!request || request.enabled === false) return null;
  return layered(defaultFlags(), request.browser, request.excludedMethods);
}

/** Resolves the capture flags for `PATCH /browsers/{id}` (upstream's update rules). */
export function resolveUpdateTelemetry(
  current: CategoryFlags | null,
  value: unknown,
): CategoryFlags | null {
  const request = parseRequest(value);
  if (!request) return current;
  if (request.enabled === false) return null;
  if (request.enabled === true || current === null) {
    const base: CategoryFlags = current?.cdpExcludedMethods
      ? { ...defaultFlags(), cdpExcludedMethods: current.cdpExcludedMethods }
      : defaultFlags();
    return layered(base, request.browser, request.excludedMethods);
  }
  return layered(current, request.browser, request.excludedMethods);
}

/** Every category on: the demo session's configuration. */
export function allCategories(): CategoryFlags {
  return Object.fromEntries(TELEMETRY_CATEGORIES.map((name) => [name, true])) as Record<
    TelemetryCategoryName,
    boolean
  >;
}

export function toWireConfig(flags: CategoryFlags | null): TelemetryConfig | null {
  if (!flags) return null;
  const browser: TelemetryCategoriesConfig = Object.fromEntries(
    TELEMETRY_CATEGORIES.map((name) => [name, { enabled: flags[name] }]),
  );
  if (flags.cdpExcludedMethods)
    browser.control = {
      enabled: flags.control,
      cdp: { excluded_methods: [...flags.cdpExcludedMethods] },
    };
  return { browser };
}

const NO_METHODS: ReadonlySet<string> = new Set();
const methodSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The recorded CDP methods left out of `cdp_command` events (asked once per agent command). */
export function excludedCdpMethods(flags: CategoryFlags | null): ReadonlySet<string> {
  const list = flags?.cdpExcludedMethods;
  if (!list) return NO_METHODS;
  let set = methodSets.get(list);
  if (!set) {
    set = new Set(list);
    methodSets.set(list, set);
  }
  return set;
}

/** Whether an event of `category` produced by the session itself is captured. */
export function captures(flags: CategoryFlags | null, category: string): boolean {
  if (!flags) return false;
  if (category === 'monitor') return CDP_CATEGORIES.some((name) => flags[name]);
  return (flags as Record<string, boolean>)[category] === true;
}
