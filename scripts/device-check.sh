#!/usr/bin/env bash
# The device check: everything a short loan of a GPU machine should go to, in one run.
#   1. builds the whisper.cpp addon with CUDA (VERBATIM_GPU=cuda; CUDAARCHS picks the GPU's
#      architecture only, which cuts the CUDA compile to a fraction),
#   2. says what runs the models (the addon's backend: the GPU's name, or the CPU's),
#   3. runs the engine bench for the three families (Whisper, Parakeet, SenseVoice) against
#      whisper.cpp's own CLIs, and the LLM bench when packages/llm has one,
#   4. prints the tables, and keeps everything it printed under $OUT (or ./device-check-out).
# Needs the repository's node_modules (npm ci done, or carried) and the CUDA toolkit (nvcc).
# Nothing here downloads anything: the bench's models are random-weight, of the real shapes.
# Usage: bash scripts/device-check.sh   (DEVICE_CHECK_QUICK=1: test shapes, one round, short)
set -uo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-$PWD/device-check-out}"
mkdir -p "$out"
log="$out/device-check.log"
: >"$log"
say() { echo "[device-check $(date -u +%H:%M:%S)] $*" | tee -a "$log"; }
step() { # step NAME COMMAND...: runs it, its output into the log and on screen, timed
  local name="$1"
  shift
  local started=$SECONDS
  say "$name: $*"
  "$@" 2>&1 | tee -a "$log"
  local rc=${PIPESTATUS[0]}
  say "$name: exit $rc after $((SECONDS - started)) s"
  return "$rc"
}

say "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 | tee -a "$log"
command -v nvcc >/dev/null && nvcc --version | tail -1 | tee -a "$log"

export VERBATIM_GPU=cuda
export CUDAARCHS="${CUDAARCHS:-native}"
# A CPU build copied here would be kept by the build script's marker: build for this machine.
rm -f packages/engine/native/build/verbatim-build.json
step build node scripts/build-native.mjs || say "the CUDA build failed: the bench below runs on the CPU"
step compile npx tsc -b packages/contract packages/subtitles packages/formats packages/engine
step backend node --input-type=module -e '
  const { engineInfo } = await import("./packages/engine/dist/index.js");
  console.log(JSON.stringify(await engineInfo(), null, 1));
' || true

threads="${BENCH_THREADS:-$(nproc)}"
if [ "${DEVICE_CHECK_QUICK:-0}" = 1 ]; then
  bench_env=(BENCH_ROUNDS=1 BENCH_SKIP_LONG=1 BENCH_PARAKEET_SHAPE=test BENCH_SENSEVOICE_SHAPE=test BENCH_WHISPER_SHAPES=)
else
  bench_env=(BENCH_ROUNDS="${BENCH_ROUNDS:-1}" BENCH_WHISPER_SHAPES="${BENCH_WHISPER_SHAPES:-small,large-v3-turbo}")
fi
step engine-bench env BENCH_THREADS="$threads" "${bench_env[@]}" npx tsx packages/engine/bench/run.ts \
  | tee "$out/engine-bench.txt"

if [ -f packages/llm/package.json ] && node -e 'process.exit(require("./packages/llm/package.json").scripts?.bench ? 0 : 1)'; then
  step llm-bench npm run bench -w packages/llm | tee "$out/llm-bench.txt"
else
  say "no LLM bench (packages/llm has no bench script)"
fi

say "tables (engine bench):"
grep -E '^\|| ratio|RTF|peak|×' "$out/engine-bench.txt" | tee -a "$log" || true
say "done; the whole output is in $log"
