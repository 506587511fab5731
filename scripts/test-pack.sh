#!/usr/bin/env bash
# The published package must work on its own: pack js/, then, from an empty temp folder and
# offline, run the tarball with npx on a fixture pair and check output and exit code; check that
# it carries the LICENSE and ships each module once (the bundle, not lib/ beside it); that its
# types resolve in every module system (@arethetypeswrong/cli); and that a project that installed
# it can require() and import it on Node 20 (this node) and Node 18 (npm's node@18 package,
# installed once into target/tools/node18).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tarball=$(cd "$root/js" && npm pack --silent --pack-destination "$tmp" | tail -n 1)
contents=$(tar tzf "$tmp/$tarball")
for required in package/LICENSE package/bin/mcp-contract.js package/bin/package.json package/dist/cli.cjs package/index.js \
  package/index.cjs package/index.d.ts package/index.d.cts package/rule-ids.d.ts package/rule-ids.d.cts \
  package/rule-examples.json package/rule-docs.json package/pkg/mcp_contract.js package/pkg/mcp_contract_bg.wasm; do
  grep -qx "$required" <<<"$contents" || { echo "test-pack: $tarball lacks $required" >&2; exit 1; }
done
if grep -q '^package/test/' <<<"$contents"; then echo "test-pack: $tarball ships its tests" >&2; exit 1; fi
# lib/ is bundled into dist/cli.cjs: shipping it too would ship every module twice.
if grep -q '^package/lib/' <<<"$contents"; then echo "test-pack: $tarball ships lib/ beside the bundle made of it" >&2; exit 1; fi

# Types for TypeScript on node10, node16/nodenext from CommonJS and from ES modules, and bundlers.
"$root/js/node_modules/.bin/attw" --format ascii "$tmp/$tarball" >"$tmp/attw.txt" 2>&1 || {
  echo "test-pack: @arethetypeswrong/cli found problems with $tarball:" >&2
  cat "$tmp/attw.txt" >&2
  exit 1
}

fixture="$root/tests/fixtures/rules/tool.removed"
cp "$fixture/old.json" "$tmp/a.json"
cp "$fixture/new.json" "$tmp/b.json"
cd "$tmp"
status=0
output=$(npm_config_cache="$tmp/.npm" npx --offline --yes "./$tarball" diff a.json b.json) || status=$?
if [ "$status" -ne 1 ] || ! grep -q 'tool.removed' <<<"$output"; then
  printf 'test-pack: expected exit 1 and a tool.removed line, got exit %s:\n%s\n' "$status" "$output" >&2
  exit 1
fi
# The example pairs ship beside the wasm module (which leaves them out): explain must show one.
explained=$(npm_config_cache="$tmp/.npm" npx --offline --yes "./$tarball" explain tool.removed)
if ! grep -q '"name": "search_issues"' <<<"$explained"; then
  printf 'test-pack: explain tool.removed shows no example pair:\n%s\n' "$explained" >&2
  exit 1
fi
# A diff-only install carries no MCP SDK (an optional peer, needed only by `snapshot --url`),
# and capturing over HTTP without it says what to install.
mkdir "$tmp/project"
(cd "$tmp/project" && echo '{"name":"p","version":"1.0.0","private":true}' >package.json \
  && npm_config_cache="$tmp/.npm" npm install --offline --no-audit --no-fund --loglevel=error "../$tarball" >/dev/null)
if [ -e "$tmp/project/node_modules/@modelcontextprotocol/sdk" ]; then echo "test-pack: a diff-only install contains the MCP SDK" >&2; exit 1; fi
packages=$(find "$tmp/project/node_modules" -mindepth 1 -maxdepth 1 -not -name '.*' | wc -l)
status=0
missing=$(cd "$tmp/project" && node node_modules/.bin/mcp-contract snapshot --url http://127.0.0.1:9/mcp 2>&1) || status=$?
if [ "$status" -ne 2 ] || ! grep -q 'npm install @modelcontextprotocol/sdk' <<<"$missing"; then
  printf 'test-pack: snapshot --url without the SDK should exit 2 naming the install command, got exit %s:\n%s\n' "$status" "$missing" >&2
  exit 1
fi
# A project that installed the tarball: require() and import on every Node the engines field allows.
tools="${MCP_CONTRACT_TARGET_DIR:-$root/target}/tools"
node18="$tools/node18/node_modules/.bin/node"
if ! "$node18" --version >/dev/null 2>&1; then
  echo "test-pack: installing Node 18 (npm's node@18 package) into target/tools/node18, once"
  npm install --silent --no-audit --no-fund --no-save --prefix "$tools/node18" node@18 >/dev/null
fi
project="$tmp/project"
for node in node "$node18"; do
  required=$(cd "$project" && "$node" -e 'const m = require("mcp-contract"); process.stdout.write(m.version() + " " + m.diff({tools: [{name: "a", inputSchema: {}}]}, {tools: []}).changes[0].rule)')
  imported=$(cd "$project" && "$node" --input-type=module -e 'import { version, rules } from "mcp-contract"; process.stdout.write(version() + " " + rules().length)')
  if [ "$required" != "$(cut -d' ' -f1 <<<"$imported") tool.removed" ] || ! [ "$(cut -d' ' -f2 <<<"$imported")" -gt 0 ]; then
    printf 'test-pack: on %s, require() gave "%s" and import gave "%s"\n' "$("$node" --version)" "$required" "$imported" >&2
    exit 1
  fi
done

version=$(npm_config_cache="$tmp/.npm" npx --offline --yes "./$tarball" --version)
echo "test-pack: ok ($tarball, $(wc -c <"$tarball") bytes, $version, offline npx diff exit 1 as expected, explain shows the example; a diff-only install has $packages package(s) and no MCP SDK, and snapshot --url names the install command; LICENSE in, lib/ out; attw: no problems; require() and import work on Node $(node --version) and $("$node18" --version))"
