import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenshotItem } from '../../../entities/session-events/testing/overview-test-kit';
import { ScreenshotView } from './screenshot-view';

const T0 = Date.UTC(2026, 0, 2, 12, 1, 2, 345) * 1000;

describe('ScreenshotView', () => {
  it('says a screenshot whose data does not decode could not be decoded, not that it was released', () => {
    render(<ScreenshotView item={screenshotItem(1, T0, 'blob:not-a-png')} originUs={null} />);
    fireEvent.error(screen.getByRole('img', { name: 'Screenshot at 12:01:02.345' }));
    expect(
      screen.getByText('This screenshot could not be decoded: its data is not a valid PNG image'),
    ).toBeDefined();
    expect(screen.queryByText(/Image released/)).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says an image released before it loaded was released', () => {
    const item = screenshotItem(1, T0, 'blob:old');
    render(<ScreenshotView item={item} originUs={null} />);
    const image = screen.getByRole('img');
    // what releasing does: the URL is cleared, then revoked, and the load fails
    if (item.screenshot) item.screenshot.url = null;
    fireEvent.error(image);
    expect(
      screen.getByText('Image released: only the newest screenshots are kept in memory'),
    ).toBeDefined();
  });
});
