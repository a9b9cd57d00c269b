/**
 * The lines of an npm install's output that warn: `npm warn …` (npm 11 prints `EBADENGINE` and the install-script
 * notice this way), the older `npm WARN …`, and any other line naming `EBADENGINE`. A supported Node installing a
 * clean clone must print none of them.
 * @example installWarnings('npm warn EBADENGINE Unsupported engine\nadded 857 packages') // ['npm warn EBADENGINE …']
 */
export function installWarnings(output: string): Array<string> {
  return output
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => /^npm (warn|WARN)\b/.test(line) || line.includes('EBADENGINE'))
}
