import { writeFileSync } from 'node:fs'

/**
 * Loaded with `node --import`, writes the process's peak resident memory (kilobytes, the kernel's own maximum,
 * threads included) to the file `PETSTORE_PEAK_RSS_FILE` names when the process exits: how a test or the bench
 * learns what a child it ran used at most, whatever it did just before it ended.
 * @example spawn(process.execPath, ['--import', 'tsx', '--import', peakRssPreload, script], { env })
 */
const file = process.env.PETSTORE_PEAK_RSS_FILE
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)))
