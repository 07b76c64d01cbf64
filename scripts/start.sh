#!/bin/sh
# `npm start`: the built service with the runtime's memory settings (docs/deployment.md, "Memory"). Each
# setting yields to a value already in the environment; docker/Dockerfile sets the same ones.
#   NODE_OPTIONS: a young generation of 2 x 8 MiB and a 512 MiB old generation, so V8 collects
#     before its heap grows towards the default limit (a quarter of the machine's memory).
#   MALLOC_MMAP_THRESHOLD_: answers of 128 KiB and more in pages of their own, handed back to
#     the system when freed, instead of holes in glibc's heap.
#   MALLOC_ARENA_MAX: two malloc arenas for the worker threads instead of eight per core.
export NODE_OPTIONS="${NODE_OPTIONS:---max-semi-space-size=8 --max-old-space-size=512}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# The project's own Node (the `node` development dependency, Node 24) when it is installed, so
# `sh scripts/start.sh` outside npm does not run the build on an older system Node; else the
# one on PATH (the container image's).
node_bin=node
[ -x node_modules/.bin/node ] && node_bin=node_modules/.bin/node
exec "$node_bin" dist/main.js "$@"
