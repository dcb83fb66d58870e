import { closeAllBrowsers } from './browser';

// testTimeout is a root-only jest option; browser journeys need longer than the units' 30 s.
jest.setTimeout(150_000);

// A journey that fails mid-way must not leave Chromium running: it would keep jest (and CI) alive.
afterAll(closeAllBrowsers);
