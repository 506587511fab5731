#!/usr/bin/env bash
# What a diff-only user pays (issue 17): the installed size of the packed tarball in an empty
# project, and the cold `npx` time of a diff (an empty npm cache, the tarball installed by npx
# itself), each the median of three runs. Offline: the diff path needs no registry (the MCP SDK
# is an optional peer that capture over HTTP alone loads).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tarball=$(cd "$root/js" && npm pack --silent --pack-destination "$tmp" | tail -n 1)
cp "$root/tests/fixtures/rules/tool.removed/old.json" "$tmp/a.json"
cp "$root/tests/fixtures/rules/tool.removed/new.json" "$tmp/b.json"

mkdir "$tmp/project"
(cd "$tmp/project" && echo '{"name":"p","version":"1.0.0","private":true}' >package.json \
  && npm_config_cache="$tmp/.npm-install" npm install --offline --no-audit --no-fund --loglevel=error "../$tarball" >/dev/null)
bytes=$(du -sb "$tmp/project/node_modules" | cut -f1)
packages=$(find "$tmp/project/node_modules" -mindepth 1 -maxdepth 1 -not -name '.*' | wc -l)

times=()
for run in 1 2 3; do
  cache="$tmp/.npm-cold-$run" # a fresh cache each run: npx installs the tarball every time
  start=$(date +%s%N)
  (cd "$tmp" && npm_config_cache="$cache" npx --offline --yes "./$tarball" diff a.json b.json >/dev/null) || [ $? -eq 1 ]
  times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
printf 'diff-only install: %s package(s) in node_modules, %s bytes (%.1f MB); tarball %s bytes\n' \
  "$packages" "$bytes" "$(echo "$bytes / 1000000" | bc -l)" "$(wc -c <"$tmp/$tarball")"
printf 'cold npx diff (empty npm cache, offline): median %s ms of %s\n' "$median" "${times[*]}"
