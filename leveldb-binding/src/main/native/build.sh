#!/usr/bin/env bash
# Builds the LevelDB JNI library (run by Maven in the compile phase of leveldb-binding):
#
#   build.sh <output .so> <JDK home>
#
# Links Debian's LevelDB 1.23 (libleveldb-dev) and snappy (libsnappy-dev) statically, so the
# library needs nothing at run time beyond the C++ runtime. Rebuilds only when the source is newer
# than the output. A missing compiler or package is one line saying what to install.
set -euo pipefail
out="$1"
jdk="$2"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sources=("$here/leveldb_jni.cc" "$here/crc32c.cc")

if [ -f "$out" ] && [ "$out" -nt "${BASH_SOURCE[0]}" ] && [ "$out" -nt "${sources[0]}" ] && [ "$out" -nt "${sources[1]}" ]; then
  exit 0
fi
fail() { echo "leveldb-binding: $*" >&2; exit 1; }
command -v g++ >/dev/null 2>&1 || fail "no C++ compiler: install g++ (bin/setup does: apt-get install g++ libleveldb-dev libsnappy-dev)"
[ -f "$jdk/include/jni.h" ] || fail "no jni.h under $jdk/include: build with a JDK, not a JRE"
libdir=""
for dir in /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
  [ -f "$dir/libleveldb.a" ] && { libdir="$dir"; break; }
done
[ -n "$libdir" ] && [ -f /usr/include/leveldb/db.h ] \
  || fail "LevelDB's static library or headers are missing: install libleveldb-dev (1.23) and libsnappy-dev (bin/setup does)"
[ -f "$libdir/libsnappy.a" ] || fail "snappy's static library is missing: install libsnappy-dev (bin/setup does)"

mkdir -p "$(dirname "$out")"
# crc32c.cc comes before the archive, so its leveldb::crc32c::Extend replaces LevelDB's portable
# one; --exclude-libs keeps LevelDB's and snappy's symbols out of the process's global namespace
g++ -std=c++17 -O2 -fPIC -shared -fvisibility=hidden -Wall -Wextra -Werror \
  -I"$jdk/include" -I"$jdk/include/linux" \
  -o "$out.tmp" "${sources[@]}" \
  -L"$libdir" -Wl,-Bstatic -lleveldb -lsnappy -Wl,-Bdynamic -Wl,--exclude-libs,ALL -Wl,--no-undefined -lpthread \
  || fail "compiling ${sources[*]} failed"
mv "$out.tmp" "$out"
