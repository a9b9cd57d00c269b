import { listenError } from '../mocks/cli/listen-error.ts'
import { developmentApiKey } from '../mocks/core/create-pet-store-core.ts'
import { onStopRequest } from '../mocks/lifecycle/on-stop-request.ts'
import { parseCliArgs } from '../shared/parse-cli-args.ts'
import { parseInteger } from '../shared/parse-integer.ts'
import { runCli } from '../shared/run-cli.ts'
import { serveDemo } from '../test/browser-demo/serve-demo.ts'

const help = `Usage: npm run demo -- [options]

Serves the browser demo on 127.0.0.1: a page whose requests to /v1 are answered by the Pet Store
mock in MSW's service worker, in the browser, with no mock server running.

Options:
  --port N        port to listen on (default 4020; 0 picks a free one)
  -h, --help      show this text

The page accepts the development key "${developmentApiKey}". Open it at 127.0.0.1 or localhost:
service workers only run on a secure origin.`

process.exitCode = await runCli(async () => {
  const { values } = parseCliArgs({
    options: {
      port: { type: 'string', default: '4020' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(help)
    return 0
  }
  const port = parseInteger('--port', values.port, 0, 65_535)

  const demo = await serveDemo({ port }).catch((error) => {
    throw listenError('127.0.0.1', port, error)
  })
  onStopRequest((reason) => {
    console.log(`Pet Store browser demo stopping (${reason})`)
    void demo.close().then(() => process.exit(0))
  })
  console.log(`Pet Store browser demo ready: ${demo.url} (the mock runs in the page's service worker; Ctrl+C to stop)`)
})
