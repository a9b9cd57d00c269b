#!/usr/bin/env bash
# Runs `npm test` twice at once on this machine: here, and in a clean clone of HEAD beside it (its own
# node_modules, ports and temporary files). Both must pass: a time bound that breaks under load is a defect.
# Prints each run's exit code and wall time, and its slowest files; exits 1 unless both passed.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
beside="$(mktemp -d "${TMPDIR:-/tmp}/petstore-beside.XXXXXX")"
# The clone sits beside this checkout, as the checkout sits beside what it reads there (../shared).
clone="$(mktemp -d "$(dirname "$root")/petstore-beside.XXXXXX")"
# The logs stay when a run fails (their folder is printed); everything else goes.
trap 'rm -rf "$clone"; [ "${status:-1}" = 0 ] && rm -rf "$beside"' EXIT
git -C "$root" clone --quiet --no-hardlinks "$root" "$clone" || { echo "error: could not clone $root" >&2; exit 1; }
(cd "$clone" && npm ci --no-audit --no-fund >"$beside/ci.log" 2>&1) || {
  echo "error: npm ci failed in the clone (see below)" >&2
  tail -20 "$beside/ci.log" >&2
  exit 1
}
run() {
  local dir="$1" log="$2" started=$SECONDS
  (cd "$dir" && npm test >"$log" 2>&1)
  local code=$?
  echo "$code $((SECONDS - started))" >"$log.end"
}
run "$clone" "$beside/beside.log" &
run "$root" "$beside/here.log" &
wait
status=0
for name in here beside; do
  read -r code seconds <"$beside/$name.log.end"
  echo "npm test ($name): exit $code in $((seconds / 60)) min $((seconds % 60)) s"
  sed -n '/^Slowest test files/,/^$/p' "$beside/$name.log" | sed 's/^/  /'
  if [ "$code" != 0 ]; then
    status=1
    grep -E "FAIL|✗|×" "$beside/$name.log" | head -20 | sed 's/^/  /'
  fi
done
[ "$status" = 0 ] || echo "The full logs: $beside/here.log and $beside/beside.log"
exit "$status"
