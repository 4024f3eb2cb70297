# bin/common.sh - shell functions shared by bin/ycsb and bin/experiment (sourced, not run).
# Expects HOME_DIR (the install or source tree root) to be set by the caller.

die() { echo "$(basename "$0"): $*" >&2; exit 2; }

# The java to run: $JAVA_HOME/bin/java, or java on PATH.
java_command() {
  if [ -n "${JAVA_HOME:-}" ]; then echo "$JAVA_HOME/bin/java"; else echo "java"; fi
}

# <module dir>: its main jar and runtime libraries as a classpath, or nothing when unbuilt.
module_jars() {
  local dir="$1" jar
  for jar in "$dir"/target/*.jar; do
    case "$jar" in *-tests.jar|*-sources.jar|*-javadoc.jar) continue ;; esac
    [ -f "$jar" ] && [ -d "$dir/target/lib" ] && { echo "$jar:$dir/target/lib/*"; return; }
  done
}

# <module>...: builds (once) the modules of a source tree whose jars are missing, with what they
# depend on, after bin/setup has installed the prerequisites. YCSB_BUILD=0 forbids it.
ensure_built() {
  local missing=() m
  for m in "$@"; do [ -n "$(module_jars "$HOME_DIR/$m")" ] || missing+=("$m"); done
  [ ${#missing[@]} -gt 0 ] || return 0
  [ "${YCSB_BUILD:-1}" != 0 ] || die "not built: ${missing[*]}; run mvn -DskipTests package"
  echo "$(basename "$0"): building ${missing[*]} (once: about 2 minutes on 2 cores; Maven's output in target/build.log) ..." >&2
  "$HOME_DIR/bin/setup" >&2 || die "cannot install the build prerequisites (see bin/setup)"
  mkdir -p "$HOME_DIR/target"
  (cd "$HOME_DIR" && ${MVN:-mvn} -B -DskipTests package -pl "$(IFS=,; echo "${missing[*]}")" -am) >"$HOME_DIR/target/build.log" 2>&1 \
    || die "build failed (see target/build.log); run: mvn -DskipTests package"
}
