import { describe, expect, it } from 'vitest';
import { sessionIdProblem } from './session-id';

describe('sessionIdProblem', () => {
  it('refuses ids that are not a single path segment, and says why', () => {
    expect(sessionIdProblem('..')).toBe(
      '“..” is not a session id: an id must be a single path segment, not “.” or “..”',
    );
    expect(sessionIdProblem('.')).toBe(
      '“.” is not a session id: an id must be a single path segment, not “.” or “..”',
    );
    expect(sessionIdProblem('a/../b')).toBe(
      '“a/../b” is not a session id: an id must be a single path segment, without “/” or “\\”',
    );
    expect(sessionIdProblem('a\\b')).not.toBeNull();
  });

  it('shows hidden characters of a refused id as marks', () => {
    expect(sessionIdProblem('a/\u202eb')).toContain('“a/⟨RLO⟩b”');
  });

  it('accepts ordinary ids, dots inside them included', () => {
    for (const id of ['htzv5orfit78e1m2biiifpbv', 'demo', '...', '.hidden', 'a.b', 'id with space'])
      expect(sessionIdProblem(id), id).toBeNull();
  });
});
