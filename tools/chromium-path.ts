/** Where Debian's chromium package puts the browser; Playwright launches it from here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
