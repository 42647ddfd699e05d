import { execFile } from 'node:child_process';
import path from 'node:path';
import { messages } from '@clinica/shared';
import { test, expect, DEMO, login } from './fixtures';

// Issue 26, item 2 (decision 0056): `npm run backup` asks the serving product (PGlite) for a backup
// while it serves; the administrators' home shows the last backup's time, result and size, and its
// alert is gone once a backup succeeded. scripts/e2e-server.mjs gives the server a test BACKUP_KEY.

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3100';

function backupNow() {
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/backup.ts'],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: path.join(root, '.tmp', `e2e-data-${port}`),
          BACKUP_KEY: process.env.BACKUP_KEY ?? 'e2e0'.repeat(16),
          BACKUP_DIR: path.join(root, '.tmp', `e2e-backups-${port}`),
        },
      },
      (err, stdout, stderr) => (err ? reject(new Error(stdout + stderr)) : resolve(stdout)),
    );
  });
}

for (const [name, viewport] of [
  ['phone', { width: 360, height: 740 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  test(`an administrator sees on /Admin the backup just taken while the site serves (${name})`, async ({ page }, info) => {
    await page.setViewportSize(viewport);
    await login(page, 'admin', DEMO.admin);
    const out = await backupNow();
    expect(out).toContain(messages.backupWritten);
    await page.goto('/Admin');
    const card = page.getByRole('region', { name: messages.backupsTitle });
    await expect(card).toBeVisible();
    await expect(card.getByText(messages.backupsResultOk, { exact: true })).toBeVisible();
    await expect(card.getByText(/\d+([,.]\d)? (KB|MB)/)).toBeVisible();
    await expect(card.getByRole('alert')).toHaveCount(0);
    // Nothing sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: info.outputPath(`admin-backups-${name}.png`), fullPage: true });
  });
}
