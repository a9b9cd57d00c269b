import { developmentApiKey } from '../../shared/development-api-key.ts'
import { defaultModelOptions } from '../model/create-pet-store-model.ts'

/**
 * The `--help` text of the standalone server (docs/mock.md quotes it), for the command that starts it.
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
  --max-pets N    the most pets (and queued messages) the server holds: its total over the default
                  store and every X-Mock-Session store, seeded pets counted once; a create or a
                  PUT /__mock/state past it gets 507 insufficient_storage
                  (default ${defaultModelOptions.maxPets.toLocaleString('en-US')}, about 200 MB)
  --api-key KEY   a key to accept as "Authorization: Bearer KEY"; repeat for several
  --admin-token T what /__mock requires as "Authorization: Bearer T" when --host is not
                  loopback (default: PETSTORE_ADMIN_TOKEN; without one /__mock answers 403 there)
  --allowed-host NAME  a Host name /__mock answers besides localhost, 127.0.0.1 and [::1], e.g.
                  one /etc/hosts gives this machine; .NAME allows the names under it too; repeat
                  for several
  --journal-size N  requests GET /__mock/requests keeps (default 1000)
  --max-sessions N  X-Mock-Session stores at most, least recently used dropped (default 1000)
  -h, --help      show this text

Keys: --api-key, else PETSTORE_API_KEY (comma-separated), else the development key
"${developmentApiKey}". Keys and the admin token you give are never printed, but arguments show in
ps to every user of this machine: prefer PETSTORE_API_KEY and PETSTORE_ADMIN_TOKEN, e.g.
  PETSTORE_API_KEY=key-a,key-b PETSTORE_ADMIN_TOKEN=s3cret ${command} --host 0.0.0.0

Mock controls (docs/mock-controls.md): a Prefer header (code=, delay=, fault=) on any API request;
X-Mock-Session; the admin API under /__mock (reset, requests, rules, state), open on loopback to
requests sent straight from this machine: one from another site's web page (Origin), to another
host name (Host) or through a proxy (Forwarded, X-Forwarded-*) gets 403 unless it carries the admin
token, and a call that changes state takes a JSON body or none. No request holds the server: at most
100 in flight per connection (more closes it), 10,000 in all and 1,000 held by delay= or
fault=timeout, never more than half the connections the open-file limit allows (more get 503).`
}
