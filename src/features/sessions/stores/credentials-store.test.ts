import { afterEach, describe, expect, it } from 'vitest';
import { useCredentials } from './credentials-store';

afterEach(() => {
  useCredentials.getState().forget();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the token a session is opened with', () => {
  it('moves the version only when it differs, so opening a session leaves the open ones alone', () => {
    const { adoptToken } = useCredentials.getState();
    const start = useCredentials.getState().tokenVersion;
    adoptToken('sk_first', 'memory');
    expect(useCredentials.getState()).toMatchObject({ token: 'sk_first', tokenVersion: start + 1 });
    adoptToken('sk_first', 'memory');
    expect(useCredentials.getState().tokenVersion).toBe(start + 1);
    adoptToken('sk_second', 'memory');
    expect(useCredentials.getState()).toMatchObject({
      token: 'sk_second',
      tokenVersion: start + 2,
    });
  });

  it('the same token kept elsewhere only moves where it is kept', () => {
    const { adoptToken } = useCredentials.getState();
    adoptToken('sk_kept', 'memory');
    const version = useCredentials.getState().tokenVersion;
    adoptToken('sk_kept', 'tab');
    expect(useCredentials.getState()).toMatchObject({ remember: 'tab', tokenVersion: version });
    expect(window.sessionStorage.getItem('session-console.token')).toBe('sk_kept');
    adoptToken('sk_kept', 'memory');
    expect(window.sessionStorage.getItem('session-console.token')).toBeNull();
  });

  it('a token given again on purpose (a retry) still moves the version', () => {
    const { adoptToken, setToken } = useCredentials.getState();
    adoptToken('sk_retry', 'memory');
    const version = useCredentials.getState().tokenVersion;
    setToken('sk_retry', 'memory');
    expect(useCredentials.getState().tokenVersion).toBe(version + 1);
  });
});
