/**
 * The `--help` text of the contract CLI, for the command that starts it (quoted in docs/contract-suite.md).
 * @example contractHelp('petstore-contract')
 */
export function contractHelp(command: string): string {
  return `Usage: ${command} [options]

Runs the Pet Store contract suite against a target and exits 0 (conformant),
1 (at least one contract violation) or 2 (usage error, a configuration fault: a key the
target refuses, a wrong base URL, a certificate not trusted; or the target could not be
judged). A configuration fault is said in the summary's first line and in every report.

Two levels of finding:
  violation   breaks what the interface states; fails the run (exit 1). E.g. GET /pets
              without a key answers 200: "401 with an Error body when the key is missing
              or invalid."
  deviation   differs from a choice our spec makes where the interface is silent
              (x-mock-behaviour); a warning that says what the spec expects and why.
              E.g. GET /pets?limit=0 answers 200 with at most 100 pets where the spec
              answers 400. --strict makes deviations fail the run.

Target (default: the in-process mock, no port):
  --target mock|local|staging|production
                           local starts the standalone mock on a free port;
                           staging and production read PETSTORE_STAGING_URL and
                           PETSTORE_PRODUCTION_URL
  --base-url URL           any deployment, e.g. https://api.example.com/v1
  --messages-base-url URL  where POST /messages lives (default: PETSTORE_MESSAGES_URL,
                           else the base URL without its trailing /v1)
  --api-key KEY            bearer key (default: PETSTORE_API_KEY). mock and local accept
                           the keys the mock takes: PETSTORE_API_KEY (comma-separated;
                           the first is sent), else the development key. Never printed
                           or written to a report, but an argument shows in ps to every
                           user of this machine: prefer
                           PETSTORE_API_KEY=... ${command} --base-url URL

Safety:
  --read-only              send only GET and HEAD; scenarios that write are skipped
                           (the default for production)
  --allow-writes           let a production run create pets and messages
  --timeout-ms N           per-request timeout (default 10000)
  A run that writes leaves what it creates on the target, as the interface has no delete:
  about 350 pets and some queued messages with the default options (the summary counts
  them, contract-report.json lists their ids). Against a deployment others use, pass
  --read-only; a run against any target but mock and local says so before it starts.

Exploring (the generated and stateful phases, after the named scenarios):
  --seed N                 fast-check seed (default: a fresh one, printed); the same seed
                           sends the same requests again
  --max-examples N         generated examples per check (default 40)
  --concurrency N          requests in flight at once (default 8)
  --time-budget-s N        longest time a check explores, shrinking included (default 20)
  --pause-s N              how long a read waits before it is repeated (default 1; a nightly
                           run may give 60 or more)

Coverage:
  --min-coverage N         exit 1 when the run exercised less than N% of the spec's
                           operations, the statuses they promise and their parameters

Comparison:
  --compare-with mock      also run the named scenarios against the in-process mock and list
                           where the target answers differently in ways the interface leaves
                           open (which status, extra fields, default status, order, error codes)

Output:
  --report-dir DIR         JSON, JUnit XML and HTML reports (default reports/contract)
  --only NAME,...          run only these checks or groups (e.g. auth_required,status_filter)
  --strict                 fail on deviations too: for a team that owns both the spec and
                           the server and wants them identical
  -h, --help               show this text

An HTTPS target whose certificate a private authority signed: give Node that
authority's certificate (PEM) in NODE_EXTRA_CA_CERTS, e.g.
  NODE_EXTRA_CA_CERTS=ca.pem ${command} --base-url https://...
Fetch and the connections the suite writes itself trust it alike. Never turn
certificate verification off.

Progress goes to stderr as test cases finish (a heartbeat when none did for 15 s); the
summary, what the run created and the verdict go to stdout.`
}
