// Headless Chromium (Debian's `chromium`, or CHROMIUM_PATH) driven by playwright-core, for the
// browser tests and the docs benchmark. playwright-core never downloads a browser of its own. Where
// no browser is installed the browser tests say how to get one, and under CI=true they fail instead
// of skipping.
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

export const chromiumPath = candidates.find((file) => fs.existsSync(file));

export const installHint =
  "No Chromium found. Install Debian's package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary. `.ci/run` installs it in CI.";

/** The executable and the flags every launch uses (the tests' shared server too: test/support/e2e-setup.ts). */
export function chromiumOptions(): { executablePath: string; args: string[] } {
  if (!chromiumPath) throw new Error(installHint);
  return {
    executablePath: chromiumPath,
    // The flags that keep Chromium from calling home on a machine with no network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
    ],
  };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumOptions());
}

/** True where the browser tests must run: a browser is present, or CI requires it. */
export const mustRunBrowserTests = chromiumPath !== undefined || process.env.CI === 'true';
