package io.github.ycsbembedded.mvstore;

import io.github.ycsbembedded.core.MultiWriteDB;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.StringByteIterator;

/**
 * The child JVM of {@link MvStoreGroupCrashTest}: one thread writes pairs ({@code
 * likes_by_user/u<i>} and {@code likes_by_post/p<i>}) each in one atomic write, and writes the
 * count of acknowledged pairs into a file after each; another inserts single records into {@code
 * usertable} meanwhile, so that their commits fall among the pairs'. Prints {@code acked <n>} every
 * 100 pairs; runs until it is killed.
 *
 * <p>Arguments: the acknowledgement file, then the data directory.
 */
public final class GroupLoader {
  private GroupLoader() {}

  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    properties.setProperty("mvstore.dir", args[1]);
    MvStoreClient pairs = new MvStoreClient();
    pairs.setProperties(properties);
    pairs.init();
    Thread singles =
        new Thread(
            () -> {
              try {
                MvStoreClient db = new MvStoreClient();
                db.setProperties(properties);
                db.init();
                for (int i = 0; ; i++) {
                  db.insert("usertable", "k" + i, value());
                }
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    singles.setDaemon(true);
    singles.start();
    try (RandomAccessFile acked = new RandomAccessFile(args[0], "rw")) {
      for (int i = 0; i < 10_000_000; i++) {
        List<MultiWriteDB.Write> pair =
            List.of(
                MultiWriteDB.Write.put("likes_by_user", "u" + i, value()),
                MultiWriteDB.Write.put("likes_by_post", "p" + i, value()));
        if (!pairs.writeAtomically(pair).isOk()) {
          throw new IOException("pair " + i + " failed");
        }
        acked.seek(0);
        acked.writeLong(i + 1);
        if ((i + 1) % 100 == 0) {
          System.out.println("acked " + (i + 1));
          System.out.flush();
        }
      }
    }
  }

  private static Map<String, site.ycsb.ByteIterator> value() {
    return StringByteIterator.getByteIteratorMap(Map.of("dt", "x".repeat(100)));
  }
}
