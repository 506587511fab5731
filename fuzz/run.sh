#!/usr/bin/env bash
# Runs every fuzz target for FUZZ_SECONDS each (default 60), one at a time, and writes what
# happened to fuzz/LOG.md: per target its last run's date, commit, limits, time, executions,
# crashes, timeouts and out-of-memory stops, and the inputs they left in fuzz/artifacts/ (a run
# of some targets replaces their rows and keeps the others').
#
# Native targets (cargo-fuzz, libFuzzer), FUZZ_RUNS executions each instead when that is set:
#   arena            diff_snapshots with the parse arena as the global allocator, as in wasm
#                    (src/util/arena.rs), under AddressSanitizer, which the arena tells what
#                    is live; ASan slows it about tenfold, so its time limit is three times as long
#   diff_snapshots   the same property without ASan, for speed (the slow inputs)
#   config_parse, prose_classify, glob_match
# Then the wasm build (fuzz/wasm/run.mjs): diff_snapshots and config_parse through the npm
# package's loader, replaying the corpus the native runs grew, then mutating it for
# FUZZ_SECONDS.
#
# Every input may be up to 1 MB (glob_match: 512 bytes; its property cuts patterns at 64
# characters), runs for at most FUZZ_TIMEOUT seconds (default 10, twice the 5 s that hostile
# inputs are held to, as the machine is shared) and in at most FUZZ_RSS_MB of memory (default
# 2048; the wasm module's own memory stops at FUZZ_WASM_MEMORY_MB, default 1024). fuzz/seeds.mjs
# seeds the corpora. A failure stops only its own target: the input lands in
# fuzz/artifacts/TARGET/ (keep it under tests/fixtures/fuzz/TARGET/ once fixed) and the script
# exits 1 at the end.
# Usage: fuzz/run.sh [TARGET...]   (arena, diff_snapshots, config_parse, prose_classify,
#                                   glob_match, wasm; all by default)
set -euo pipefail
cd "$(dirname "$0")"
seconds="${FUZZ_SECONDS:-60}"
timeout="${FUZZ_TIMEOUT:-10}"
rss_mb="${FUZZ_RSS_MB:-2048}"
wasm_mb="${FUZZ_WASM_MEMORY_MB:-1024}"
if [ -n "${FUZZ_RUNS:-}" ]; then budget=(-runs="$FUZZ_RUNS"); what="$FUZZ_RUNS runs"
else budget=(-max_total_time="$seconds"); what="${seconds}s"; fi
if [ $# -gt 0 ]; then targets=("$@")
else targets=(arena diff_snapshots config_parse prose_classify glob_match wasm); fi

mkdir -p logs
node seeds.mjs
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- ':(top,exclude)fuzz/LOG.md' || commit="$commit+changes"
today=$(date -u '+%Y-%m-%d %H:%M')
rows=()
failed=0

# Runs one libFuzzer target; appends its row to `rows`.
native() {
  local name=$1 target=$2 max_len=$3 limit=$4; shift 4
  local log="logs/$name.log" start=$SECONDS status=0
  echo "== fuzz $name ($target) for $what"
  # Debug assertions and overflow checks on (-a), as in the test builds.
  cargo +nightly fuzz run "$target" -O -a "$@" "corpus/$target" -- "${budget[@]}" \
    -max_len="$max_len" -timeout="$limit" -rss_limit_mb="$rss_mb" > "$log" 2>&1 || status=$?
  local elapsed=$((SECONDS - start))
  # libFuzzer's last status line (`#N ... exec/s: R ...`) has the count of executions.
  local runs rate corpus
  runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  rate=$(grep -oE 'exec/s: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || true)
  corpus=$(find "corpus/$target" -type f | wc -l)
  local crashes=0 timeouts=0 oom=0 note="" artifact
  artifact=$(grep -oE 'Test unit written to [^ ]+' "$log" | grep -v '/slow-unit-' | tail -1 | sed 's/Test unit written to //; s#.*/fuzz/##' || true)
  if grep -q 'ERROR: libFuzzer: timeout' "$log"; then timeouts=1
  elif grep -qE 'ERROR: libFuzzer: (out-of-memory|malloc limit)' "$log"; then oom=1
  elif [ $status -ne 0 ]; then crashes=1; note=$(grep -m1 -E 'ERROR: (AddressSanitizer|libFuzzer)|panicked at' "$log" | cut -c1-120 || true)
  fi
  [ -z "$artifact" ] || note="${note:+$note; }$artifact"
  if [ $((crashes + timeouts + oom)) -gt 0 ]; then failed=1; echo "   FAILED: see fuzz/$log"; fi
  echo "   ${runs:-0} executions in ${elapsed}s: $crashes crashes, $timeouts timeouts, $oom out of memory"
  local build="native, libFuzzer"
  [ "$name" != arena ] || build="$build, arena + AddressSanitizer"
  rows+=("| $name | $build | $max_len | ${limit}s | ${elapsed}s | ${runs:-0} | ${rate:-0} | $crashes | $timeouts | $oom | $corpus | ${note:-} | $today | $commit |")
}

for name in "${targets[@]}"; do
  case "$name" in
    arena) native arena diff_snapshots 1048576 $((timeout * 3)) -s address --features arena --target-dir "$PWD/target/asan" ;;
    diff_snapshots|config_parse|prose_classify) native "$name" "$name" 1048576 "$timeout" -s none ;;
    glob_match) native glob_match glob_match 512 "$timeout" -s none ;;
    wasm)
      echo "== fuzz wasm (diff_snapshots, config_parse) for ${seconds}s each"
      status=0
      node wasm/run.mjs --seconds "$seconds" --timeout "$timeout" --rss-mb "$rss_mb" --memory-mb "$wasm_mb" \
        --json logs/wasm.json | tee logs/wasm.log || status=$?
      [ $status -eq 0 ] || failed=1
      [ $status -le 1 ] || { echo "fuzz/wasm/run.mjs failed (exit $status)" >&2; exit 2; }
      while IFS= read -r row; do rows+=("$row"); done < <(node -e '
        const { results } = JSON.parse(require("fs").readFileSync("logs/wasm.json", "utf8"));
        for (const r of results) console.log(`| wasm ${r.target} | wasm in Node, js/lib/engine.js, mutations of the corpus | 1048576 | ${r.timeoutSeconds}s | ${r.seconds}s | ${r.executions} | ${Math.round(r.executions / Math.max(1, r.seconds))} | ${r.traps + r.crashes} | ${r.timeouts} | ${r.oom} | ${r.replayed} replayed in ${r.replaySeconds}s | ${r.artifacts.map((a) => `fuzz/artifacts/${a}`).join(", ")} | '"$today | $commit"' |`);')
      ;;
    *) echo "fuzz/run.sh: unknown target $name" >&2; exit 2 ;;
  esac
done

# The rows of targets not run this time stay as they were.
if [ -f LOG.md ]; then
  while IFS= read -r row; do
    name=$(echo "$row" | cut -d'|' -f2 | xargs)
    ran=0
    for t in "${targets[@]}"; do
      case "$t:$name" in "$name:$name"|wasm:wasm\ *) ran=1 ;; esac
    done
    [ $ran -eq 1 ] || rows+=("$row")
  done < <(grep -E '^\| (arena|diff_snapshots|config_parse|prose_classify|glob_match|wasm [a-z_]+) \|' LOG.md)
fi
order() { case "$1" in arena) echo 1 ;; diff_snapshots) echo 2 ;; config_parse) echo 3 ;; prose_classify) echo 4 ;;
  glob_match) echo 5 ;; *diff_snapshots) echo 6 ;; *) echo 7 ;; esac; }
{
  echo "# Fuzz log"
  echo
  echo "Written by \`make fuzz\` (fuzz/run.sh): one row per target, from its last run. Columns: the"
  echo "input size limit (bytes), the per-input time limit, the run's time, executions and executions"
  echo "per second; crashes (panics, sanitizer reports, wasm traps, errors other than the library's"
  echo "typed one), timeouts and out-of-memory stops; the corpus size (for wasm: the inputs replayed"
  echo "before mutating, and how long that took); the date (UTC) and commit (+changes: with"
  echo "uncommitted changes). A native target stops at its first failure; the wasm harness goes on."
  echo "Limits: ${rss_mb} MB per process, wasm memory ${wasm_mb} MB. Machine: $(nproc) cores"
  echo "(shared with other work), $(uname -m); $(rustc +nightly --version); node $(node --version)."
  echo
  echo "| target | build | max input | time limit | time | executions | exec/s | crashes | timeouts | out of memory | corpus | notes | date | commit |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for row in "${rows[@]}"; do
    echo "$(order "$(echo "$row" | cut -d'|' -f2 | xargs)") $row"
  done | sort -s -n -k1,1 | cut -d' ' -f2-
} > LOG.md
echo "wrote fuzz/LOG.md"
exit $failed
