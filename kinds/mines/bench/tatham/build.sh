#!/bin/sh
# Build the timing harness for Tatham's Minesweeper generator: build.sh OUTPUT_BINARY
# (C99 compiler as cc, -O2). Writes OUTPUT_BINARY atomically.
set -e
out=${1:?usage: build.sh OUTPUT_BINARY}
here=$(cd "$(dirname "$0")" && pwd)
tmp="$out.tmp.$$"
shared="$here/../../../../bench/tatham"  # his files both generators use
${CC:-cc} -O2 -std=gnu99 -w -I"$shared" -o "$tmp" \
    "$here/harness.c" "$shared/random.c" "$shared/tree234.c" \
    "$shared/malloc.c" "$shared/misc.c" "$shared/nullfe.c" -lm
mv -f "$tmp" "$out"
