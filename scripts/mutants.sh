#!/usr/bin/env bash
# Mutation testing of the collision core with cargo-mutants: every mutant of
# src/collide/, src/player.rs, src/world/, src/body.rs, src/grid.rs and src/mover.rs is built and run
# against the behaviour, property and unit tests. Not run in CI (too slow);
# the last run is recorded in docs/TESTING.md.
#
#   cargo install --locked cargo-mutants
#   scripts/mutants.sh                 # all of them (about an hour on 2 cores)
#   scripts/mutants.sh -f src/world/index.rs # or some files; other cargo-mutants flags pass through
#
# Results land in mutants.out/ (caught.txt, missed.txt, timeout.txt, unviable.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

files=(-f 'src/collide/*.rs' -f src/player.rs -f 'src/world/*.rs' -f src/body.rs -f src/grid.rs -f src/mover.rs)
for arg in "$@"; do
  [ "$arg" = "-f" ] && files=()
done

# The tests that exercise the simulation; the CLI and soak tests add
# nothing for these files but build and run time.
tests=(--lib)
for t in one_way drop_through landing walls jumping triggers tunnelling feel \
         long_falls properties golden levels level_format memory session \
         movers mover_format mover_properties bodies body_properties \
         body_reference actors; do
  tests+=(--test "$t")
done

exec cargo mutants --profile mutants --timeout-multiplier 3 \
  "${files[@]}" "$@" -- "${tests[@]}"
