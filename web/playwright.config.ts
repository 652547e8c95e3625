import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against one real service on
 * PGlite with the demo data, started once for the suite by `e2e/global-setup.ts`. Every flow runs in
 * English and in Arabic: the two projects, in parallel.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-artefacts/results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-report.json' }]],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    // An action waiting for an element that never comes fails on its own line, not at the test's end.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // Recording a trace of every test, to keep only the failures', was a quarter of the suite's CPU
    // (docs/decisions.md, "CI time", fifth session): E2E_TRACE=1 records them when a failure needs one.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'en', use: { locale: 'en-GB', timezoneId: 'Asia/Riyadh' } },
    { name: 'ar', use: { locale: 'ar', timezoneId: 'Asia/Riyadh' } },
  ],
});
