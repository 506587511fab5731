#!/usr/bin/env bash
# Runs each fuzz target for FUZZ_SECONDS (default 60), or for FUZZ_RUNS executions when that is
# set, one at a time on one core, seeding the
# snapshot target from the rule fixtures and the corpus pairs (tests/corpus)
# the first time. A crash stops the run with libFuzzer's report; the input lands in
# fuzz/artifacts/<target>/ (keep it under tests/fixtures/fuzz/<target>/ once fixed).
# Usage: fuzz/run.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${FUZZ_SECONDS:-60}"
if [ -n "${FUZZ_RUNS:-}" ]; then budget=(-runs="$FUZZ_RUNS"); what="$FUZZ_RUNS runs"
else budget=(-max_total_time="$seconds"); what="${seconds}s"; fi
if [ $# -gt 0 ]; then targets=("$@"); else targets=(diff_snapshots config_parse prose_classify glob_match); fi

seed_snapshots() {
  local dir=corpus/diff_snapshots n=0
  mkdir -p "$dir"
  [ -z "$(ls -A "$dir")" ] || return 0
  for pair in ../tests/fixtures/rules/*/ ../tests/corpus/*/pairs/*/; do
    [ -f "$pair/old.json" ] && [ -f "$pair/new.json" ] || continue
    n=$((n + 1))
    { cat "$pair/old.json"; printf '\0'; cat "$pair/new.json"; } > "$dir/seed-$n"
  done
  echo "seeded $dir with $n pairs"
}

for target in "${targets[@]}"; do
  max_len=20000
  case "$target" in
    diff_snapshots) seed_snapshots ;;
    config_parse) max_len=4096 ;;
    glob_match) max_len=512 ;;
  esac
  mkdir -p "corpus/$target"
  echo "== fuzz $target for $what"
  # libFuzzer's own output: progress lines, then `Done N runs` (or the crash report, which fails
  # the run under `set -e`).
  # No AddressSanitizer (-s none): natively the parse arena, the engine's one unsafe code, is
  # off (it is used only in wasm), so ASan can only find what safe Rust already rules out, and it cut the snapshot target from ~10,000 to ~1,000 exec/s. Debug
  # assertions and overflow checks stay on (cargo fuzz keeps them in -O builds).
  cargo +nightly fuzz run "$target" -O -s none -- "${budget[@]}" -max_len="$max_len"
done
