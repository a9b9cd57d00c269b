/**
 * Reads a response body as text, stopping at `cap` bytes so that a huge answer cannot exhaust memory.
 * @example const { text, truncated } = await readCappedText(response, 5_000_000)
 */
export async function readCappedText(response: Response, cap: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return { text: text + decoder.decode(), truncated: false }
    total += value.byteLength
    if (total > cap) {
      reader.cancel().catch(() => {})
      return { text, truncated: true }
    }
    text += decoder.decode(value, { stream: true })
  }
}
