import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One process runs the files one after another, the modules loaded and PGlite's WebAssembly compiled
    // once rather than per file (a third of the suite's time, issue 37). Tests share no module state
    // they change: no module mocks, no environment writes; each file opens its own database.
    isolate: false,
    fileParallelism: true,
  },
});
