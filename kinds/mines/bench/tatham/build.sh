#!/bin/sh
# Build the timing harness for Tatham's Minesweeper generator: build.sh OUTPUT_BINARY
# (C99 compiler as cc, -O2). Writes OUTPUT_BINARY atomically.
set -e
out=${1:?usage: build.sh OUTPUT_BINARY}
here=$(cd "$(dirname "$0")" && pwd)
tmp="$out.tmp.$$"
${CC:-cc} -O2 -std=gnu99 -w -o "$tmp" \
    "$here/harness.c" "$here/random.c" "$here/tree234.c" "$here/malloc.c" \
    "$here/misc.c" "$here/nullfe.c" -lm
mv -f "$tmp" "$out"
