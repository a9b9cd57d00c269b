/** A base address as a comparable text: scheme, host and port as a URL normalises them, the path without a final /. */
function normalised(base: string): string {
  try {
    const url = new URL(base)
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return base.replace(/\/+$/, '')
  }
}

/**
 * Says, in one line and before any request, that the messages API's base address is the pets API's: the interface
 * gives `POST /messages` a base address of its own (`{messages_base_url}`), so the two are never one. Given so, or
 * taken by default from a base URL that does not end in `/v1` (the default strips it), every message would go where
 * the pets API answers. A configuration fault: it names the option to pass.
 * @example messagesBaseFault('https://h/api', 'https://h/api') // 'The messages API's base address is the pets …'
 */
export function messagesBaseFault(baseUrl: string, messagesBaseUrl: string): string | undefined {
  if (normalised(baseUrl) !== normalised(messagesBaseUrl)) return undefined
  return (
    `The messages API's base address is the pets API's (${messagesBaseUrl}): pass where POST /messages is served in ` +
    '--messages-base-url (or PETSTORE_MESSAGES_URL); by default it is the base URL without its trailing /v1.'
  )
}
