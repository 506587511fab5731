#!/usr/bin/env bash
# Runs every fuzz target for FUZZ_SECONDS each (default 60), one at a time, and writes what
# happened to fuzz/LOG.md (date, commit, limits; per target the time, executions, crashes,
# timeouts and out-of-memory stops, and the inputs they left in fuzz/artifacts/).
#
# Native targets (cargo-fuzz, libFuzzer), FUZZ_RUNS executions each instead when that is set:
#   arena            diff_snapshots with the parse arena as the global allocator, as in wasm
#                    (src/util/arena.rs), under AddressSanitizer, which the arena tells what
#                    is live; ASan slows it about tenfold, so its time limit is three times as long
#   diff_snapshots   the same property without ASan, for speed (the slow inputs)
#   config_parse, prose_classify, glob_match
# Then the wasm build (fuzz/wasm/run.mjs): diff_snapshots and config_parse through the npm
# package's loader, replaying the corpus the native runs grew, then mutating it.
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
  rows+=("| $name | $build | $max_len | ${limit}s | ${elapsed}s | ${runs:-0} | ${rate:-0} | $crashes | $timeouts | $oom | $corpus | ${note:-} |")
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
        for (const r of results) console.log(`| wasm ${r.target} | wasm in Node, js/lib/engine.js, mutations of the corpus | 1048576 | ${r.timeoutSeconds}s | ${r.seconds}s | ${r.executions} | ${Math.round(r.executions / r.seconds)} | ${r.traps + r.crashes} | ${r.timeouts} | ${r.oom} | ${r.replayed} replayed | ${r.artifacts.map((a) => `fuzz/artifacts/${a}`).join(", ")} |`);')
      ;;
    *) echo "fuzz/run.sh: unknown target $name" >&2; exit 2 ;;
  esac
done

commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- ':(top,exclude)fuzz/LOG.md' || commit="$commit (with uncommitted changes)"
{
  echo "# Fuzz log"
  echo
  echo "Written by \`make fuzz\` (fuzz/run.sh); each run replaces it. Columns: the input size limit"
  echo "(bytes), the per-input time limit, the run's time, executions and executions per second;"
  echo "crashes (panics, sanitizer reports, wasm traps, errors other than the library's typed one),"
  echo "timeouts and out-of-memory stops; the corpus size (for wasm: the inputs replayed before"
  echo "mutating). A native target stops at its first failure; the wasm harness goes on."
  echo
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "- commit: $commit"
  echo "- budget: $what per target; memory: ${rss_mb} MB per process, wasm memory ${wasm_mb} MB"
  echo "- machine: $(nproc) cores (shared), $(uname -m); $(rustc +nightly --version); node $(node --version)"
  echo
  echo "| target | build | max input | time limit | time | executions | exec/s | crashes | timeouts | out of memory | corpus | notes |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} > LOG.md
echo "wrote fuzz/LOG.md"
exit $failed
