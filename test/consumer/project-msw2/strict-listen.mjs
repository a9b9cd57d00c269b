// msw 2: a request no handler takes fails (`onUnhandledRequest`; msw 3 calls it `onUnhandledFrame`).
export const strictListen = { onUnhandledRequest: 'error' }
