import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHashRoute } from './use-hash-route';

afterEach(() => {
  window.history.replaceState(null, '', '#/');
});

describe('useHashRoute', () => {
  it('a view’s late URL write never takes the reader back to a session they left', () => {
    window.history.replaceState(null, '', '#/sessions/first');
    const { result } = renderHook(() => useHashRoute());
    expect(result.current[0].sessionId).toBe('first');

    // the reader goes to the connect screen; the first session's debounced write comes after
    act(() => {
      window.location.hash = '#/';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    act(() =>
      result.current[1](
        { sessionId: 'first', params: new URLSearchParams('view=logs') },
        { replace: true, whileOn: 'first' },
      ),
    );
    expect(window.location.hash).toBe('#/');
    expect(result.current[0].sessionId).toBeNull();
  });

  it('while the session is shown, its view state replaces the URL', () => {
    window.history.replaceState(null, '', '#/sessions/first');
    const { result } = renderHook(() => useHashRoute());
    act(() =>
      result.current[1](
        { sessionId: 'first', params: new URLSearchParams('view=logs') },
        { replace: true, whileOn: 'first' },
      ),
    );
    expect(window.location.hash).toBe('#/sessions/first?view=logs');
    expect(result.current[0].params.get('view')).toBe('logs');
  });
});
