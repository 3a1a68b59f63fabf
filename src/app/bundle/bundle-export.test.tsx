import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../config/limits';
import { createFileTimeline } from '../../entities/session-events/stores/file-timeline';
import {
  PNG_BASE64,
  stubObjectUrlsInEachTest,
  telemetryEvent,
} from '../../entities/session-events/testing/telemetry-test-kit';
import { BundleExport } from './bundle-export';

stubObjectUrlsInEachTest();

/** A timeline with `shots` screenshots: beyond LIMITS.screenshotImages, the oldest are released. */
function renderExport(shots: number) {
  const timeline = createFileTimeline({
    name: 'session.jsonl',
    envelopes: Array.from({ length: shots }, (_, at) => ({
      seq: at + 1,
      event: telemetryEvent(at + 1, { type: 'monitor_screenshot', data: { png: PNG_BASE64 } }),
    })),
    problems: [],
    annotations: [],
    capacity: 1_000,
  });
  return render(
    <div>
      <input aria-label="Search events" />
      <BundleExport
        sessionId="abc123"
        logsKey="abc123"
        timeline={timeline}
        params={new URLSearchParams()}
        createdAt={null}
        endedAt={null}
      />
    </div>,
  );
}

const LEFT_OUT =
  '32 older screenshots are no longer held and will be left out: the page holds only the newest 200 screenshot images (200 MB at most). The manifest says so.';

describe('BundleExport', () => {
  it('says before saving how many older screenshots are no longer held and will be left out', async () => {
    const user = userEvent.setup();
    renderExport(LIMITS.screenshotImages + 32);
    await user.click(screen.getByRole('button', { name: 'Debug bundle…' }));
    const box = screen.getByRole('checkbox', { name: 'Screenshots (200)' });
    expect(screen.getByText(LEFT_OUT)).toBeDefined();
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText(LEFT_OUT).id);
    // unticked, every screenshot is left out: nothing more to say
    await user.click(box);
    expect(screen.queryByText(LEFT_OUT)).toBeNull();
  });

  it('says nothing is left out when every screenshot is held', async () => {
    const user = userEvent.setup();
    renderExport(3);
    await user.click(screen.getByRole('button', { name: 'Debug bundle…' }));
    expect(screen.getByRole('checkbox', { name: 'Screenshots (3)' })).toBeDefined();
    expect(screen.queryByText(/no longer held/)).toBeNull();
  });

  it('is a dialog over the page that Escape closes, wherever the focus is, back to its button', async () => {
    const user = userEvent.setup();
    renderExport(3);
    const button = screen.getByRole('button', { name: 'Debug bundle…' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Debug bundle' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // drawn at the end of the page, not inside the view's strip over its toolbar
    expect(button.parentElement?.contains(dialog)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Screenshots (3)' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // focus lost from the dialog (the page took it): Escape still closes it
    await user.click(button);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on a click beside it, back to its button, and not on a click inside it', async () => {
    const user = userEvent.setup();
    renderExport(3);
    const button = screen.getByRole('button', { name: 'Debug bundle…' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Debug bundle' });
    await user.click(screen.getByText('Debug bundle'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(dialog.parentElement as HTMLElement); // the dimmed page around it
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderExport(3);
    await user.click(screen.getByRole('button', { name: 'Debug bundle…' }));
    const first = screen.getByRole('checkbox', { name: 'Screenshots (3)' });
    const last = screen.getByRole('button', { name: 'Save bundle' });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
    await user.tab();
    expect(document.activeElement).toBe(first);
  });
});
