import type { Page } from 'playwright-core';

/** Once dialogs have faded in, sheets slid up, and no toast is on screen: a still picture. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialogs = [
      ...document.querySelectorAll<HTMLElement>(
        '.adm-center-popup-wrap [style*="opacity"], .adm-mask[style*="opacity"]',
      ),
    ];
    const sheets = [...document.querySelectorAll<HTMLElement>('.adm-popup-body')];
    return (
      !document.querySelector('.adm-toast-main') &&
      dialogs.every((dialog) => dialog.style.opacity === '1') &&
      sheets.every((sheet) => /,\s*0%\)/.test(sheet.style.transform))
    );
  });
}
