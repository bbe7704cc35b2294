#!/usr/bin/env bash
# Mutation testing of the collision core with cargo-mutants: every mutant of
# the simulation's sim/src/collide/, sim/src/controller.rs, sim/src/world/,
# sim/src/body.rs, sim/src/grid/ and sim/src/mover.rs is built and run
# against the behaviour, property and unit tests. Not run in CI (too slow);
# the last run is recorded in docs/TESTING.md.
#
#   cargo install --locked cargo-mutants
#   scripts/mutants.sh                 # all of them (about an hour on 2 cores)
#   scripts/mutants.sh -f sim/src/world/index.rs # or some files; other cargo-mutants flags pass through
#
# Results land in mutants.out/ (caught.txt, missed.txt, timeout.txt, unviable.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

files=(-f 'sim/src/collide/*.rs' -f sim/src/controller.rs -f 'sim/src/world/*.rs' -f sim/src/body.rs -f 'sim/src/grid/*.rs' -f sim/src/mover.rs)
for arg in "$@"; do
  [ "$arg" = "-f" ] && files=()
done

# The tests that exercise the simulation; the game's, the CLI's and the
# soak test add nothing for these files but build and run time.
tests=(--lib)
for t in one_way drop_through landing walls jumping triggers tunnelling feel \
         long_falls properties golden levels level_format memory \
         movers mover_format mover_properties bodies body_properties \
         body_reference actors actors_equal_the_player library; do
  tests+=(--test "$t")
done

exec cargo mutants --profile mutants --timeout-multiplier 3 --package dropthrough-sim \
  "${files[@]}" "$@" -- "${tests[@]}"
