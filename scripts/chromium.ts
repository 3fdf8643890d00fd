// Headless Chromium (Debian's `chromium`, or CHROMIUM_PATH) driven by playwright-core, for the docs
// tests and the docs benchmark. playwright-core never downloads a browser of its own.
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

export const chromiumPath = candidates.find((file) => fs.existsSync(file));

export const installHint =
  'No Chromium found. Install Debian\'s package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary. `.ci/run` installs it in CI.';

export async function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error(installHint);
  return chromium.launch({
    executablePath: chromiumPath,
    // The flags that keep Chromium from calling home on a machine with no network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps'],
  });
}
