// msw 3: a request no handler takes fails (`onUnhandledFrame`; msw 2 calls it `onUnhandledRequest`).
export const strictListen = { onUnhandledFrame: 'error' }
