/**
 * The Debian packages the corpus servers run on: each framework as Debian ships it, nothing from another
 * registry. `npm test` installs what is missing when it runs as root (scripts/ensure-test-packages.ts).
 */
export const corpusRuntimes = {
  name: "the corpus servers' runtimes",
  packages: [
    'python3-fastapi',
    'python3-uvicorn',
    'python3-flask',
    'python3-django',
    'python3-djangorestframework',
    'python3-waitress',
    'golang-go',
    'ruby-sinatra',
    'puma',
    'php-cli',
  ],
} as const

/**
 * What the corpus's deployment shapes start before its servers (deployment-shapes.ts): Debian's nginx as the
 * reverse proxy, openssl to make the test certificate of the https shape. Installed like the runtimes. Where no
 * policy-rc.d stops it (a container image has one), installing nginx also starts Debian's own nginx service on port
 * 80; the tests never use it, they start their own on loopback.
 */
export const corpusFronts = {
  name: "the corpus's deployment fronts (nginx, openssl)",
  packages: ['nginx', 'openssl'],
} as const
