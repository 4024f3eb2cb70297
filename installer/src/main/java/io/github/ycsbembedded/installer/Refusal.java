package io.github.ycsbembedded.installer;

/** Why install-into will not go on, in the one line it prints; nothing has been written. */
final class Refusal extends Exception {
  private static final long serialVersionUID = 1L;

  Refusal(String message) {
    super(message);
  }
}
