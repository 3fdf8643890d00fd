// Where no browser is installed the docs tests say how to get one (scripts/chromium.ts), and under
// CI=true they fail instead of skipping.
import { chromiumPath } from '../scripts/chromium.ts';

export { chromiumPath, installHint, launchChromium } from '../scripts/chromium.ts';

/** True where the browser tests must run: a browser is present, or CI requires it. */
export const mustRunBrowserTests = chromiumPath !== undefined || process.env.CI === 'true';
