import { expect, type Locator, type Page } from '@playwright/test';
import { TEST_IDS } from '../../src/config/test-ids.ts';
import { E2E_TOKEN } from '../env.ts';
import type { ReferenceApi } from '../fixtures.ts';

/** A session view's log side: log tabs, the active log viewer, the clipboard panel. */
export class SessionPage {
  constructor(readonly page: Page) {}

  /** Creates a session on the reference server and opens it from the connect screen. */
  static async openNew(
    page: Page,
    api: ReferenceApi,
  ): Promise<{ id: string; session: SessionPage }> {
    const id = await api.createSession();
    const session = new SessionPage(page);
    await session.open(id);
    return { id, session };
  }

  /** Opens a session the way a user does from the connect screen, then shows its logs or timeline. */
  async open(sessionId: string, view: 'logs' | 'timeline' = 'logs'): Promise<void> {
    await this.page.goto('/');
    await this.page.getByLabel('Session id').fill(sessionId);
    await this.page.getByLabel('API token').fill(E2E_TOKEN);
    await this.page.getByRole('button', { name: 'Open session' }).click();
    if (view === 'timeline') {
      await expect(this.page.getByRole('tab', { name: /^Timeline/ })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      return;
    }
    await this.showLogs();
    await expect(this.page.getByRole('form', { name: 'Open a log stream' })).toBeVisible();
  }

  /** Switches the session's main area to its log streams (the timeline is shown first). */
  async showLogs(): Promise<void> {
    const tab = this.page.getByRole('tab', { name: 'Logs' });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  async openFile(path: string, from: 'start' | 'new' = 'start'): Promise<void> {
    await this.showLogs();
    const form = this.page.getByRole('form', { name: 'Open a log stream' });
    if (!(await form.isVisible()))
      await this.page.getByRole('button', { name: '+ Open log' }).click();
    await form.getByLabel('File path').check();
    await form.getByLabel('File path on the browser instance').fill(path);
    await form
      .getByLabel('Start')
      .selectOption(from === 'start' ? 'From the beginning of the file' : 'New lines only');
    await form.getByRole('button', { name: 'Open stream' }).click();
    await expect(this.status).toHaveAttribute('data-status', 'live');
  }

  get list(): Locator {
    return this.page.getByTestId(TEST_IDS.logList);
  }
  get rows(): Locator {
    return this.page.getByTestId(TEST_IDS.logRow);
  }
  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }
  get status(): Locator {
    return this.page.getByTestId(TEST_IDS.streamStatus);
  }
  get pausedBar(): Locator {
    return this.page.getByTestId(TEST_IDS.logPausedBar);
  }

  /** Seq of the first row whose top is inside the list's viewport. */
  async firstVisibleSeq(): Promise<number> {
    return this.list.evaluate((list) => {
      const top = list.getBoundingClientRect().top;
      const rows = [...list.querySelectorAll<HTMLElement>('[data-seq]')];
      const visible = rows.find((row) => row.getBoundingClientRect().bottom > top + 1);
      return Number(visible?.dataset.seq ?? -1);
    });
  }
}
