package io.github.ycsbembedded.experiments.measure;

import com.sun.nio.file.ExtendedOpenOption;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The data device's speed at random reads, as the engines meet it when a read misses every cache: 4
 * KiB reads at random aligned offsets of a file written for the purpose, around the page cache
 * ({@code O_DIRECT}), one at a time (queue depth 1: the wait of one client thread's miss) and 32 at
 * a time (the device's throughput when many reads are in flight). Where the file system refuses
 * {@code O_DIRECT} (tmpfs before Linux 6.6) there is no figure.
 */
public final class DeviceProbe {
  /** Bytes of one read: a page, as the engines read one. */
  static final int BLOCK = 4096;

  private DeviceProbe() {}

  /**
   * Measures the device under {@code dir} with a file of {@code fileBytes} (deleted afterwards),
   * each queue depth for {@code seconds}; null when the device cannot be read around the cache.
   */
  public static Results.DeviceSpeed measure(Path dir, long fileBytes, double seconds) {
    Path file = dir.resolve(".device-probe");
    try {
      Files.createDirectories(dir);
      write(file, fileBytes);
      long blocks = fileBytes / BLOCK;
      Depth one = read(file, blocks, 1, seconds);
      Depth many = read(file, blocks, 32, seconds);
      return new Results.DeviceSpeed(
          BLOCK, fileBytes, one.medianMicros(), one.perSecond(), 32, many.perSecond());
    } catch (IOException | UnsupportedOperationException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // left behind in the data folder, which the run removes
      }
    }
  }

  /** Writes {@code bytes} of random data around the page cache, so that no read finds it there. */
  private static void write(Path file, long bytes) throws IOException {
    ByteBuffer buffer = aligned(1 << 20);
    byte[] noise = new byte[buffer.capacity()];
    new SplittableRandom(42).nextBytes(noise);
    try (FileChannel out =
        FileChannel.open(
            file,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE,
            ExtendedOpenOption.DIRECT)) {
      for (long written = 0; written < bytes; written += buffer.capacity()) {
        buffer.clear();
        buffer.put(noise);
        buffer.flip();
        while (buffer.hasRemaining()) {
          out.write(buffer, written + buffer.position());
        }
      }
      out.force(true);
    }
  }

  /** What one queue depth measured: the median read's time and reads per second. */
  record Depth(double medianMicros, double perSecond) {}

  private static Depth read(Path file, long blocks, int depth, double seconds)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + (long) (seconds * 1e9);
    ExecutorService pool = Executors.newFixedThreadPool(depth);
    try (FileChannel in =
        FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
      List<Future<long[]>> readers = new ArrayList<>();
      for (int t = 0; t < depth; t++) {
        final long seed = t;
        readers.add(pool.submit(() -> reader(in, blocks, deadline, seed)));
      }
      long start = System.nanoTime();
      List<Long> times = new ArrayList<>();
      for (Future<long[]> reader : readers) {
        for (long nanos : reader.get()) {
          times.add(nanos);
        }
      }
      double elapsed = (System.nanoTime() - start) / 1e9;
      long[] sorted = times.stream().mapToLong(Long::longValue).toArray();
      Arrays.sort(sorted);
      double median = sorted.length == 0 ? Double.NaN : sorted[sorted.length / 2] / 1e3;
      return new Depth(median, sorted.length / elapsed);
    } catch (java.util.concurrent.ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /** One reader's reads until the deadline, each read's time in nanoseconds. */
  private static long[] reader(FileChannel in, long blocks, long deadline, long seed)
      throws IOException {
    ByteBuffer buffer = aligned(BLOCK);
    SplittableRandom random = new SplittableRandom(seed);
    long[] times = new long[1 << 16];
    int count = 0;
    while (System.nanoTime() < deadline) {
      long offset = random.nextLong(blocks) * BLOCK;
      buffer.clear();
      long start = System.nanoTime();
      in.read(buffer, offset);
      long took = System.nanoTime() - start;
      if (count == times.length) {
        times = Arrays.copyOf(times, count * 2);
      }
      times[count++] = took;
    }
    return Arrays.copyOf(times, count);
  }

  private static ByteBuffer aligned(int bytes) {
    return ByteBuffer.allocateDirect(bytes + BLOCK).alignedSlice(BLOCK).limit(bytes).slice();
  }
}
