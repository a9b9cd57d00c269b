#!/bin/sh
# Builds the server once per version of its source into a cache folder (GOCACHE keeps the compiled standard
# library, so a later start only links), then replaces this shell with the server: SIGTERM reaches it directly.
set -eu
hash=$(cat go.mod main.go | sha256sum | cut -c1-16)
dir="${TMPDIR:-/tmp}/petstore-corpus-go-net-http"
bin="$dir/server-$hash"
if [ ! -x "$bin" ]; then
  mkdir -p "$dir"
  # go needs a build cache: its default lives under $HOME, which a bare CI environment may not set.
  [ -n "${HOME:-}" ] || [ -n "${GOCACHE:-}" ] || export GOCACHE="$dir/go-build"
  go build -o "$bin.$$" . # a private name, then an atomic rename: two starts at once never share a half-written file
  mv -f "$bin.$$" "$bin"
fi
exec "$bin"
