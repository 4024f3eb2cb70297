#!/usr/bin/env bash
# Test fixture: behaves as stock YCSB 0.17.0's bin/ycsb.sh does for load and run. It looks the
# binding up in bin/bindings.properties (name:class), puts lib/*.jar and <binding>-binding/lib/*.jar
# on the classpath, and runs site.ycsb.Client with -db, -load or -t, and the remaining arguments.
set -e
HOME_DIR="$(cd "$(dirname "$0")/.." && pwd)"
command="$1"; binding="$2"; shift 2
case "$command" in load) mode="-load" ;; run) mode="-t" ;; *) echo "usage: ycsb.sh load|run binding ..." >&2; exit 1 ;; esac
class="$(grep "^$binding:" "$HOME_DIR/bin/bindings.properties" | cut -d: -f2)"
[ -n "$class" ] || { echo "ERROR: Unknown binding $binding" >&2; exit 1; }
classpath="$HOME_DIR/lib/*"
[ -d "$HOME_DIR/$binding-binding/lib" ] && classpath="$classpath:$HOME_DIR/$binding-binding/lib/*"
exec java -cp "$classpath" site.ycsb.Client -db "$class" "$mode" "$@"
