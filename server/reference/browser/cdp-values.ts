// Reading the browser's event params (CDP), shared by the trackers that turn them into telemetry:
// a field of another type than expected reads as empty, never as an error.

/** One CDP event's params, or an object inside them. */
export type Params = Record<string, unknown>;

/** How a tracker puts out a telemetry event: its type, the CDP method, its data. */
export type Emit = (type: string, method: string, data: Record<string, unknown>) => void;

/** A string field, or '' when it is absent or not a string. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** An object field, or {} when it is absent or not a plain object (null, an array, a scalar). */
export function obj(value: unknown): Params {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Params)
    : {};
}
