import { developmentApiKey } from '../core/development-api-key.ts'
import { defaultModelOptions } from '../model/create-pet-store-model.ts'

/**
 * The `--help` text of the standalone server (the README quotes it), for the command that starts it.
 * @example serveHelp('petstore-mock')
 */
export function serveHelp(command: string): string {
  return `Usage: ${command} [options]

Serves the Pet Store mock on loopback: the pets API under /v1, the messages API at the root.

Options:
  --port N        port to listen on (default 4010; 0 picks a free one)
  --host HOST     address to listen on (default 127.0.0.1)
  --seed N        faker seed for the generated pets (default ${defaultModelOptions.seed})
  --pets N        how many pets to start with, fixtures included (default ${defaultModelOptions.pets})
  --api-key KEY   a key to accept as "Authorization: Bearer KEY"; repeat for several
  --admin-token T what /__mock requires as "Authorization: Bearer T" when --host is not
                  loopback (default: PETSTORE_ADMIN_TOKEN; without one /__mock answers 403 there)
  --journal-size N  requests GET /__mock/requests keeps (default 1000)
  --max-sessions N  X-Mock-Session stores at most, least recently used dropped (default 1000)
  -h, --help      show this text

Keys: --api-key, else PETSTORE_API_KEY (comma-separated), else the development key
"${developmentApiKey}". Keys and the admin token you give are never printed.

Mock controls (see the README): a Prefer header (code=, delay=, fault=) on any API request;
the admin API under /__mock (reset, requests, rules, state), open on loopback; X-Mock-Session.`
}
