// Bytes as text for a channel that carries only JSON-like values (a Playwright binding), in the page and in Node
// alike: `btoa`/`atob` are global in both, where `Buffer` is Node's alone.
const chunk = 0x8000

/**
 * The base64 text of some bytes.
 * @example encodeBase64(new TextEncoder().encode('{"a":1}')) // 'eyJhIjoxfQ=='
 */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let start = 0; start < bytes.length; start += chunk)
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk))
  return btoa(binary)
}

/**
 * The bytes of a base64 text.
 * @example new TextDecoder().decode(decodeBase64('eyJhIjoxfQ==')) // '{"a":1}'
 */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}
