import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright'
import { chromiumPath } from '../../tools/chromium-path.ts'

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Debian's Chromium under Playwright, headless; never a downloaded browser. Throws a clear error where
 * there is none, so that a test that needs it fails rather than skips. `args` are added to the usual ones.
 * @example const browser = await launchChromium(['--host-resolver-rules=MAP attacker.test 127.0.0.1'])
 */
export async function launchChromium(args: ReadonlyArray<string> = []): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Failed to launch Chromium: expected it at ${chromiumPath}, found nothing. Install Debian's with "apt-get ` +
        `install -y chromium" (as root) or set CHROMIUM_PATH; this test never downloads a browser.`,
    )
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...args] })
}
