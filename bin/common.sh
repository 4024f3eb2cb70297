# bin/common.sh - shell functions shared by bin/ycsb and bin/experiment (sourced, not run).
# Expects HOME_DIR (the install or source tree root) to be set by the caller.

die() { echo "$(basename "$0"): $*" >&2; exit 2; }

# The java to run: $JAVA_HOME/bin/java, or java on PATH; refused in one line (exit 2) when it is
# older than Java 17, which the jars need. Call it as java="$(java_command)" || exit 2.
java_command() {
  local java=java home version
  [ -n "${JAVA_HOME:-}" ] && java="$JAVA_HOME/bin/java"
  command -v "$java" >/dev/null || die "no Java found ($java); run bin/setup, or set JAVA_HOME to a JDK 17 or later"
  # the JDK's release file names its version without starting a JVM; else ask the JVM
  home="$(dirname "$(dirname "$(readlink -f "$(command -v "$java")")")")"
  version="$(sed -n 's/^JAVA_VERSION="\([0-9.]*\).*/\1/p' "$home/release" 2>/dev/null)"
  [ -n "$version" ] || version="$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
  case "$version" in
    1.*|[0-9]|[0-9].*|1[0-6]|1[0-6].*)
      die "needs Java 17 or later, and $java is Java $version; set JAVA_HOME to a JDK 17+ (bin/setup installs one)" ;;
  esac
  echo "$java"
}

# <module dir>: its main jar (not its tests, sources or javadoc jar), or nothing when unbuilt.
main_jar() {
  local jar
  for jar in "$1"/target/*.jar; do
    case "$jar" in *-tests.jar|*-sources.jar|*-javadoc.jar) continue ;; esac
    [ -f "$jar" ] && { echo "$jar"; return 0; }
  done
  return 0
}

# <module dir>: its main jar and runtime libraries as a classpath, or nothing when unbuilt.
module_jars() {
  local dir="$1" jar
  jar="$(main_jar "$dir")"
  if [ -n "$jar" ] && [ -d "$dir/target/lib" ]; then echo "$jar:$dir/target/lib/*"; fi
}

# Every binding's own jar, without its engine's libraries, as a classpath: what publishes each
# engine's descriptor (a source tree: <name>-binding/target/<name>-binding-<version>.jar; a
# distribution: <name>-binding/lib/<name>-binding-<version>.jar); nothing for an unbuilt one.
descriptor_jars() {
  local dir name jar jars=()
  for dir in "$HOME_DIR"/*-binding; do
    name="$(basename "$dir")"
    for jar in "$dir"/target/"$name"-*.jar "$dir"/lib/"$name"-*.jar; do
      case "$jar" in *-tests.jar|*-sources.jar|*-javadoc.jar) continue ;; esac
      [ -f "$jar" ] && jars+=("$jar")
    done
  done
  (IFS=:; echo "${jars[*]}")
}

# <module dir>: whether a source its jar was built from changed after the build - a pull or an edit
# since - so that the jar would run older code. Its sources: the root pom.xml, its own pom.xml and
# src/main, and those of each module of the tree whose jar its target/lib holds (what it runs with).
stale() {
  local dir="$1" other built inputs=()
  inputs=("$HOME_DIR/pom.xml" "$dir/pom.xml" "$dir/src/main")
  for other in "$HOME_DIR"/*/; do
    built="$(main_jar "$other")"
    [ -n "$built" ] && [ -f "$dir/target/lib/$(basename "$built")" ] \
      && inputs+=("${other}pom.xml" "${other}src/main")
  done
  [ -n "$(find "${inputs[@]}" -newer "$(main_jar "$dir")" -print -quit 2>/dev/null)" ]
}

# <module>...: builds the modules of a source tree whose jars are missing, or older than a source
# they are built from, with what they depend on, after bin/setup has installed the prerequisites.
# YCSB_BUILD=0 forbids it. bin/experiment checks once and sets YCSB_BUILD_CHECKED=1 for the phases
# it starts, so that an edit during a run does not change the code of its later phases.
ensure_built() {
  local missing=() m why="once: about 2 minutes on 2 cores"
  for m in "$@"; do [ -n "$(module_jars "$HOME_DIR/$m")" ] || missing+=("$m"); done
  if [ ${#missing[@]} -eq 0 ] && [ "${YCSB_BUILD_CHECKED:-0}" != 1 ]; then
    for m in "$@"; do stale "$HOME_DIR/$m" && missing+=("$m"); done
    why="sources changed since the last build"
  fi
  [ ${#missing[@]} -gt 0 ] || return 0
  [ "${YCSB_BUILD:-1}" != 0 ] || die "not built, or older than its sources: ${missing[*]}; run mvn -DskipTests package"
  echo "$(basename "$0"): building ${missing[*]} ($why; Maven's output in target/build.log) ..." >&2
  "$HOME_DIR/bin/setup" >&2 || die "cannot install the build prerequisites (see bin/setup)"
  mkdir -p "$HOME_DIR/target"
  (cd "$HOME_DIR" && ${MVN:-mvn} -B -DskipTests package -pl "$(IFS=,; echo "${missing[*]}")" -am) >"$HOME_DIR/target/build.log" 2>&1 \
    || die "build failed (see target/build.log); run: mvn -DskipTests package"
  # a jar Maven found up to date keeps its time: mark every one built now as newer than its sources
  for m in "${missing[@]}"; do
    m="$(main_jar "$HOME_DIR/$m")"
    [ -z "$m" ] || touch "$m"
  done
}
