import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { TEST_IDS } from '../../src/config/test-ids.ts';

export interface ExportedEnvelope {
  seq: number;
  event: { type: string; category: string; ts: number; data?: Record<string, unknown> | null };
}

/** A line the dashboard adds to an export beside the events: a mark, gap, restart… */
export interface ExportedNote {
  session_console: { kind: string; ts: number; text?: string; [key: string]: unknown };
}

/** A session's (or an opened file's) telemetry timeline. */
export class TimelinePage {
  constructor(readonly page: Page) {}

  get list(): Locator {
    return this.page.getByTestId(TEST_IDS.timelineList);
  }
  get rows(): Locator {
    return this.page.getByTestId(TEST_IDS.timelineRow);
  }
  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text });
  }
  rowOfType(type: string): Locator {
    return this.page.locator(`[data-testid="${TEST_IDS.timelineRow}"][data-type="${type}"]`);
  }
  get detail(): Locator {
    return this.page.getByTestId(TEST_IDS.eventDetail);
  }
  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search events' });
  }
  get categories(): Locator {
    return this.page.getByRole('toolbar', { name: 'Categories' });
  }
  chip(label: string): Locator {
    return this.categories.getByRole('button', { name: new RegExp(`^${label} [\\d,]+$`) });
  }
  get status(): Locator {
    return this.page.getByTestId(TEST_IDS.streamStatus);
  }

  /**
   * Opens `row`'s details, checked by `shows` in their summary (the first paragraph). While the
   * list follows live events, a row can move between Playwright's check that it stands still and
   * the click, which then lands on its neighbour: the click is made again until the details are
   * the row's. Not anywhere in the details: a neighbour's details list the console errors of its
   * moment, the row's own message among them.
   */
  async openRow(row: Locator, shows: string | RegExp): Promise<void> {
    await expect(async () => {
      await row.click();
      await expect(this.detail.getByRole('paragraph').first()).toContainText(shows, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
  }

  /** Scrolls the virtual list to the top, where the oldest items are. */
  async scrollToTop(): Promise<void> {
    await this.list.evaluate((list) => {
      list.scrollTop = 0;
    });
  }

  /**
   * Saves every retained event (or only those shown) through Export, and reads the file back: the
   * event envelopes, and apart from them the dashboard's notes (marks, gaps, markers).
   */
  async export(
    shown = false,
  ): Promise<{ path: string; envelopes: ExportedEnvelope[]; notes: ExportedNote[] }> {
    const download = this.page.waitForEvent('download');
    await this.page
      .getByRole('button', { name: shown ? 'Export shown' : 'Export', exact: true })
      .click();
    const saved = await download;
    const file = test.info().outputPath(saved.suggestedFilename());
    await saved.saveAs(file);
    const text = await readFile(file, 'utf8');
    const values = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as ExportedEnvelope | ExportedNote);
    const envelopes = values.filter((value): value is ExportedEnvelope => 'seq' in value);
    const notes = values.filter((value): value is ExportedNote => 'session_console' in value);
    expect(envelopes.length + notes.length, 'every line is an envelope or a note').toBe(
      values.length,
    );
    return { path: file, envelopes, notes };
  }

  async expectCount(locator: Locator, count: number): Promise<void> {
    await expect(locator).toHaveCount(count);
  }
}
