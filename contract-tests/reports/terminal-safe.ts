// C0 controls but tab and newline (ESC starts every terminal escape sequence, CR rewrites a line), DEL, C1 controls
// (U+009B is a one-character CSI on some terminals) and the bidirectional overrides and isolates, which reorder
// what a reader sees.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const unsafe = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

/**
 * Text a target may have sent, made safe for a terminal: every control character but tab and newline written as a
 * visible `\u001B`, so no escape sequence reaches the console raw and a reader still sees that one was there.
 * @example terminalSafe('\u001b[2Jgone') // '\\u001B[2Jgone'
 */
export function terminalSafe(text: string): string {
  return text.replace(
    unsafe,
    (character) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  )
}
