import { defineConfig, devices } from '@playwright/test';
import { SHOP_TIME_ZONE } from './packages/shared/src/domain/time';

// Flags for the system Chromium on these machines (no network but loopback).
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export default defineConfig({
  testDir: './apps/web/e2e',
  globalSetup: './apps/web/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'sq-AL',
    timezoneId: SHOP_TIME_ZONE,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } },
    {
      name: 'phone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: false },
      grep: /@phone/,
    },
  ],
});
