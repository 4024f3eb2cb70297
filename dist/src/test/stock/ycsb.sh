#!/bin/sh
# Test fixture: a stand-in for YCSB 0.17.0's bin/ycsb.sh in a release (distribution) layout, and for
# master's (0.18.0-SNAPSHOT, told by its lib/core-0.18*.jar) in its distribution's layout, written
# to do what that script does, step for step:
#   - YCSB_HOME is the script's parent folder unless set; bin/setenv.sh is sourced (with the
#     command line as its arguments) when readable; JAVA_HOME comes from `which java` when unset;
#   - load -> site.ycsb.Client -load, run -> site.ycsb.Client -t, shell -> site.ycsb.CommandLine;
#   - the binding is the first line of bin/bindings.properties that starts with "<name>:"; its class
#     the second ':' field; its folder the name up to the first '-', plus "-binding"; basic runs from
#     core (no folder in a release); accumulo, cassandra2 and arangodb3 run accumulo1.6, cassandra
#     and arangodb (master: cassandra2, hbase14 and arangodb3 run cassandra, hbase1 and arangodb;
#     it has no accumulo alias);
#   - the classpath is conf/, every lib/*.jar, the binding folder's conf/ and its lib/*.jar;
#   - it prints the java command line, then runs it with JAVA_OPTS unquoted.
SCRIPT_DIR=$(dirname "$0" 2>/dev/null)
[ -z "$YCSB_HOME" ] && YCSB_HOME=$(cd "$SCRIPT_DIR/.." || exit; pwd)
CLASSPATH=
if [ -r "$YCSB_HOME/bin/setenv.sh" ]; then
  . "$YCSB_HOME/bin/setenv.sh"
fi
if [ -z "$JAVA_HOME" ]; then
  JAVA_PATH=$(which java 2>/dev/null)
  [ -n "$JAVA_PATH" ] && JAVA_HOME=$(dirname "$(dirname "$JAVA_PATH" 2>/dev/null)")
fi
[ -n "$JAVA_HOME" ] || { echo "[ERROR] Java executable not found. Exiting."; exit 1; }

case "$1" in
  load) YCSB_COMMAND=-load; YCSB_CLASS=site.ycsb.Client ;;
  run) YCSB_COMMAND=-t; YCSB_CLASS=site.ycsb.Client ;;
  shell) YCSB_COMMAND=; YCSB_CLASS=site.ycsb.CommandLine ;;
  *) echo "[ERROR] Found unknown command '$1'"; echo "[ERROR] Expected one of 'load', 'run', or 'shell'. Exiting."; exit 1 ;;
esac

BINDING_LINE=$(grep "^$2:" "$YCSB_HOME/bin/bindings.properties" -m 1)
if [ -z "$BINDING_LINE" ]; then
  echo "[ERROR] The specified binding '$2' was not found.  Exiting."
  exit 1
fi
BINDING_NAME=$(echo "$BINDING_LINE" | cut -d':' -f1)
BINDING_CLASS=$(echo "$BINDING_LINE" | cut -d':' -f2)
BINDING_DIR=$(echo "$BINDING_NAME" | cut -d'-' -f1)
[ "$BINDING_NAME" = "basic" ] && BINDING_DIR=core
if ls "$YCSB_HOME"/lib/core-0.18*.jar >/dev/null 2>&1; then
  [ "$BINDING_DIR" = "hbase14" ] && BINDING_DIR="hbase1"
else
  [ "$BINDING_DIR" = "accumulo" ] && BINDING_DIR="accumulo1.6"
fi
[ "$BINDING_DIR" = "cassandra2" ] && BINDING_DIR="cassandra"
[ "$BINDING_DIR" = "arangodb3" ] && BINDING_DIR="arangodb"

CLASSPATH="$YCSB_HOME/conf"
for f in "$YCSB_HOME"/lib/*.jar; do
  [ -r "$f" ] && CLASSPATH="$CLASSPATH:$f"
done
[ -r "$YCSB_HOME/$BINDING_DIR-binding/conf" ] && CLASSPATH="$CLASSPATH:$YCSB_HOME/$BINDING_DIR-binding/conf"
for f in "$YCSB_HOME/$BINDING_DIR"-binding/lib/*.jar; do
  [ -r "$f" ] && CLASSPATH="$CLASSPATH:$f"
done

YCSB_ARGS=$(echo "$@" | cut -d' ' -f3-)
echo "$JAVA_HOME/bin/java $JAVA_OPTS -classpath $CLASSPATH $YCSB_CLASS $YCSB_COMMAND -db $BINDING_CLASS $YCSB_ARGS"
# shellcheck disable=SC2086
"$JAVA_HOME/bin/java" $JAVA_OPTS -classpath "$CLASSPATH" $YCSB_CLASS $YCSB_COMMAND -db $BINDING_CLASS $YCSB_ARGS
