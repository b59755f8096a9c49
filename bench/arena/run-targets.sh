#!/usr/bin/env bash
# Runs the strength table of docs/robots.md: for each variant, expert against easy, expert against
# the ISMCTS reference, each level against the one below, and the partner test. Each run appends one
# line per pair to OUT/<variant>-<name>.pairs (so a run can be resumed or extended with other
# --first-pair ranges) and writes its summary to OUT/<variant>-<name>.txt.
#   bench/arena/run-targets.sh [PAIRS] [ISMCTS_PAIRS] [OUT] [VARIANTS...]
# Defaults: 1000 pairs (2,000 matches) per line, 1000 against ISMCTS, out = arena-results, all five
# variants. Matches are to 1000 points. Runs niced, one at a time. At three players a pair is three
# matches, so a line there plays PAIRS*2/3 pairs (the same number of matches, rounded up); it has no
# partner test and no reference line (the reference plays two sides only).
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs="${1:-1000}"
ismcts_pairs="${2:-1000}"
out="${3:-arena-results}"
shift $(( $# > 3 ? 3 : $# )) || true
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(classic classic_announcements coinche decouverte three_player)
arena="${ARENA:-build/bench/arena/belote-arena}"
mkdir -p "$out"

run() {  # variant name pairs args...
    local variant="$1" name="$2" n="$3"
    shift 3
    [ "$n" -gt 0 ] || return 0  # PAIRS or ISMCTS_PAIRS 0 skips the line (there is nothing to summarise)
    local file="$out/$variant-$name"
    local done=0
    [ -f "$file.pairs" ] && done=$(wc -l < "$file.pairs")
    if [ "$done" -lt "$n" ]; then
        nice -n 19 "$arena" --variant "$variant" --target 1000 --first-pair "$done" --pairs $((n - done)) \
            --pairs-out "$file.pairs" "$@" > "$file.run-$done.txt"  # with decision times
    fi
    "$arena" --variant "$variant" --target 1000 --merge "$file.pairs" "$@" > "$file.txt"
    cat "$file.txt"
}

for v in "${variants[@]}"; do
    n="$pairs"
    [ "$v" = three_player ] && n=$(( (pairs * 2 + 2) / 3 ))
    run "$v" expert-vs-easy "$n" --a expert --b easy
    run "$v" medium-vs-easy "$n" --a medium --b easy
    run "$v" hard-vs-medium "$n" --a hard --b medium
    run "$v" expert-vs-hard "$n" --a expert --b hard
    [ "$v" = three_player ] && continue
    [ "$v" != decouverte ] && run "$v" partner-expert+easy-vs-easy "$pairs" --a expert --a-partner easy --b easy
    run "$v" expert-vs-ismcts "$ismcts_pairs" --a expert --b ismcts
done
