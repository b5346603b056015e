#!/usr/bin/env bash
# Builds the container image with buildah (no daemon) and starts it in both roles — the API and
# a worker — beside a Redis of its own, then asks the API for /api/health and waits for the worker
# to take jobs. NOT part of `npm test` (CI's test lane is near its 15-minute limit): run it in a
# lane of its own (docs/deployment.md, "The image in CI").
#
#   scripts/check-image.sh                 # pulls NODE_IMAGE (node:22-bookworm-slim)
#   OFFLINE_BASE=1 scripts/check-image.sh  # no registry: a base made here with debootstrap from
#                                          # Debian's mirror, with this machine's Node.js
#   SKIP_BUILD=1 scripts/check-image.sh    # start the image built last time, without building copied in
#
# Needs: buildah (apt-get install buildah), podman or buildah's `run` to start containers,
# redis-server; with OFFLINE_BASE, debootstrap and root.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-localhost/verbatim:check}
NODE_IMAGE=${NODE_IMAGE:-docker.io/library/node:22-bookworm-slim}
# overlay where the kernel has it (vfs copies the whole tree for every layer: one build took 46 GB).
if [[ -z "${STORAGE_DRIVER:-}" ]]; then
  if grep -qw overlay /proc/filesystems; then STORAGE_DRIVER=overlay; else STORAGE_DRIVER=vfs; fi
fi
PORT=${PORT:-4790}
REDIS_PORT=${REDIS_PORT:-4791}
# chroot isolation: RUN steps and the containers run without an OCI runtime (crun refuses a
# machine whose cgroups are in hybrid mode, as in many VMs and CI runners); host networking.
export BUILDAH_ISOLATION=${BUILDAH_ISOLATION:-chroot}
bah() { buildah --storage-driver "$STORAGE_DRIVER" "$@"; }
say() { printf '[check-image] %s\n' "$*"; }

if [[ -n "${OFFLINE_BASE:-}" ]] && [[ -z "${REBUILD_BASE:-}" ]] &&
  bah inspect --type image localhost/verbatim-base:offline > /dev/null 2>&1; then
  # Made by an earlier run: kept, so that the build's cached layers still apply (a new base is a
  # new image, and every layer above it would be built again). REBUILD_BASE=1 makes it anew.
  NODE_IMAGE=localhost/verbatim-base:offline
  say "base image $NODE_IMAGE (made earlier; REBUILD_BASE=1 to make it again)"
elif [[ -n "${OFFLINE_BASE:-}" ]]; then
  # Debian 12 from the apt mirror, and Node.js from this machine (the version it runs).
  ROOTFS=${ROOTFS:-/var/tmp/verbatim-rootfs}
  if [[ ! -x "$ROOTFS/bin/sh" ]]; then
    say "debootstrap bookworm into $ROOTFS"
    debootstrap --variant=minbase bookworm "$ROOTFS" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
  fi
  node_bin=$(command -v node)
  node_root=$(dirname "$(dirname "$(readlink -f "$node_bin")")")
  ctr=$(bah from scratch)
  bah copy "$ctr" "$ROOTFS" /
  bah copy "$ctr" "$node_root/bin/node" /usr/local/bin/node
  # Node's headers too: node-gyp (better-sqlite3's compile) fetches them from nodejs.org otherwise.
  if [[ -d "$node_root/include/node" ]]; then
    bah copy "$ctr" "$node_root/include/node" /usr/local/include/node
    bah config --env npm_config_nodedir=/usr/local "$ctr"
  fi
  if [[ -d "$node_root/lib/node_modules/npm" ]]; then
    bah copy "$ctr" "$node_root/lib/node_modules/npm" /usr/local/lib/node_modules/npm
    bah run "$ctr" -- ln -sf ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm
  fi
  # This machine's trust store too: where the npm registry is reached through a proxy with a
  # certificate of its own, the build's npm ci trusts what this machine trusts.
  if [[ -f /etc/ssl/certs/ca-certificates.crt ]]; then
    bah copy "$ctr" /etc/ssl/certs/ca-certificates.crt /etc/ssl/host-ca-certificates.crt
    bah config --env NODE_EXTRA_CA_CERTS=/etc/ssl/host-ca-certificates.crt "$ctr"
  fi
  bah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$ctr"
  NODE_IMAGE=localhost/verbatim-base:offline
  bah commit --rm "$ctr" "$NODE_IMAGE" > /dev/null
  say "base image $NODE_IMAGE (Debian 12, Node.js $(node --version))"
fi

if [[ -n "${SKIP_BUILD:-}" ]]; then
  say "starting $IMAGE as built before (SKIP_BUILD)"
else
  say "building $IMAGE from $NODE_IMAGE"
  started=$(date +%s)
  bah bud --layers --build-arg "NODE_IMAGE=$NODE_IMAGE" -f Containerfile -t "$IMAGE" .
  say "built in $(( $(date +%s) - started )) s; size: $(bah images --format '{{.Size}}' "$IMAGE" | head -1)"
fi

# A Redis for the two roles (a worker needs one; so does ROLE=api).
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes
cleanup() {
  local pid
  # Each role runs in a session of its own (setsid): with chroot isolation, killing `buildah run`
  # alone left the role's node process running (and holding the port) after the check.
  for pid in ${ROLE_PIDS:-}; do kill -- "-$pid" 2> /dev/null || true; done
  for pid in $(jobs -p); do kill "$pid" 2> /dev/null || true; done
  redis-cli -p "$REDIS_PORT" shutdown nosave > /dev/null 2>&1 || true
  for c in ${CONTAINERS:-}; do bah rm "$c" > /dev/null 2>&1 || true; done
}
trap cleanup EXIT
data=$(mktemp -d); chmod 777 "$data"
common=(--network host --volume "$data:/data" --env "REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
  --env NODE_ENV=development --env MODELS_AUTO_DOWNLOAD=false)

api=$(bah from "$IMAGE"); worker=$(bah from "$IMAGE"); CONTAINERS="$api $worker"
setsid buildah --storage-driver "$STORAGE_DRIVER" run "${common[@]}" --env ROLE=api \
  --env "PORT=$PORT" "$api" -- node apps/server/dist/main.js \
  > "$data/api.log" 2>&1 &
ROLE_PIDS=$!
setsid buildah --storage-driver "$STORAGE_DRIVER" run "${common[@]}" "$worker" -- \
  node apps/server/dist/worker.js > "$data/worker.log" 2>&1 &
ROLE_PIDS="$ROLE_PIDS $!"

ok_api=; ok_worker=
for _ in $(seq 1 90); do
  if [[ -z $ok_api ]] && curl -fsS "http://127.0.0.1:$PORT/api/health" > "$data/health.json" 2> /dev/null; then
    ok_api=1; say "API healthy: $(head -c 300 "$data/health.json")"
  fi
  if [[ -z $ok_worker ]] && grep -q "taking jobs from Redis" "$data/worker.log"; then
    ok_worker=1; say "worker taking jobs: $(grep -m1 'taking jobs from Redis' "$data/worker.log" | head -c 300)"
  fi
  [[ -n $ok_api && -n $ok_worker ]] && break
  sleep 2
done
# As the image's HEALTHCHECK runs it, inside the API's container.
bah run --network host "$api" -- sh -c "curl -fsS http://127.0.0.1:$PORT/api/health > /dev/null" \
  && say "HEALTHCHECK command passes inside the container"
[[ -n $ok_api && -n $ok_worker ]] || { say "FAILED"; tail -n 40 "$data"/*.log; exit 1; }
say "both roles answered"
