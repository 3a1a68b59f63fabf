import type { ApiFailure } from './api-error';

/**
 * Whether a failure says only that the server has no such operation, rather than anything about
 * the resource asked for. An upstream that implements part of the API answers the rest with a
 * router's 404 (Go's plain-text `404 page not found`, an HTML page, an empty body), 405 or 501.
 *
 * - 404 carrying the API's JSON Error body (it has a `code`) is the API itself saying the resource
 *   does not exist (e.g. no such session): NOT "not offered".
 * - 404 with any other body: the route does not exist there: not offered.
 * - 405 and 501, whatever the body: the server says it does not do this.
 */
export function isOperationNotOffered(failure: ApiFailure): boolean {
  if (failure.status === 405 || failure.status === 501) return true;
  return failure.status === 404 && failure.code === undefined;
}
