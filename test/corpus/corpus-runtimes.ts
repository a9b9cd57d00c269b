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
