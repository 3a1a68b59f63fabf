import type { Page } from '@playwright/test';

/** The connect screen, as a user sees it. */
export class ConnectPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/');
  }

  async connect(sessionId: string, token: string): Promise<void> {
    await this.page.getByLabel('Session id').fill(sessionId);
    await this.page.getByLabel('API token').fill(token);
    await this.page.getByRole('button', { name: 'Open session' }).click();
  }

  async openDemo(): Promise<void> {
    await this.page.getByRole('button', { name: 'Open the local demo session' }).click();
  }
}
