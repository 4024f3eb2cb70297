package io.github.ycsbembedded.experiments.measure;

/**
 * Told when a phase's process group starts and ends, so that a stop can reach it: {@code group} is
 * the process group's id (the phase runs in a session of its own: its whole tree is that group).
 */
public interface ProcessWatch {
  ProcessWatch NONE =
      new ProcessWatch() {
        @Override
        public void started(long group) {}

        @Override
        public void ended() {}
      };

  void started(long group);

  void ended();
}
