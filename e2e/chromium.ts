/**
 * How Verso's tests and benchmarks launch a browser (Node): Debian's Chromium, since Playwright's own builds cannot
 * be downloaded here, with the flags that stop it from hanging on blocked network calls.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
