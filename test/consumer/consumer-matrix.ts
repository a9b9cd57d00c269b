/** One throwaway project of the consumer proof: the msw and vitest it installs, and the Node it runs on. */
export interface Consumer {
  /** The msw the project depends on, a version the peer range claims. */
  msw: string
  /** The vitest `npx petstore-contract` runs the suite under (the package's optional peer). */
  vitest: string
  /** `current`: the Node that runs the tests; `22`: Node 22.12 or later (what msw 3 and vitest 5 need). */
  node: 'current' | '22'
  /** The Node types its tsc uses, of its Node's major (vitest 5 asks for 22 or later). */
  nodeTypes: string
  /** The template files that differ by msw major (the unhandled-request option): `project-msw2/` or `-msw3/`. */
  variant: 'msw2' | 'msw3'
  /** Whether it proves `npx petstore-mock` stops on signals and when npx dies: once per Node is enough. */
  checksStopping: boolean
  /**
   * Whether it holds the Vite + React app that starts its own worker (`vite-app/`), run under the Playwright
   * fixture: once per msw major is enough.
   */
  viteApp: boolean
}

/**
 * The projects a user meets: the oldest msw and vitest the peer ranges claim, the newest msw 2 (both on the Node
 * that runs the tests), and msw 3 with vitest 5 on Node 22. Pinned, so that a run is reproducible; raise the
 * newest ones with the releases.
 */
export const consumers: ReadonlyArray<Consumer> = [
  {
    msw: '2.10.0',
    vitest: '4.1.0',
    node: 'current',
    nodeTypes: '20.19.43',
    variant: 'msw2',
    checksStopping: true,
    viteApp: false,
  },
  {
    msw: '2.15.0',
    vitest: '4.1.12',
    node: 'current',
    nodeTypes: '20.19.43',
    variant: 'msw2',
    checksStopping: false,
    viteApp: true,
  },
  {
    msw: '3.0.5',
    vitest: '5.1.1',
    node: '22',
    nodeTypes: '22.20.5',
    variant: 'msw3',
    checksStopping: true,
    viteApp: true,
  },
]
