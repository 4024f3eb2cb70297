/*
 * cutfs: a FUSE test fixture that keeps what was never synced apart from what was, and loses it
 * on a simulated power cut; it also fails fsync, read or write with EIO, or fills up, on command.
 * docs/faults.md describes what it models and what it does not.
 *
 *   cutfs <backing> <mountpoint> [fuse options]
 *
 * <backing>/live is what processes see through the mount: every call is passed through to it.
 * <backing>/durable holds what a disk would hold after a power cut: one file per inode
 * (<backing>/durable/<id>) holding the content as of its last fsync, and, in memory, each
 * directory's entries as of its last fsync. Everything in live/ when the mount starts is durable.
 *
 * It prints "ready" once mounted. Commands, one a line on stdin, each answered "ok <command>"
 * (or "error <command>: <why>") on stdout:
 *   sync          make everything durable (as sync(1) would)
 *   cut           power cut: live/ is rebuilt from what is durable; every later call fails (EIO)
 *   fail fsync    fsync fails with EIO and, as Linux's page cache does, forgets the file's dirty
 *                 data: it never becomes durable, and a later fsync succeeds without it
 *   fail read     read fails with EIO
 *   fail write    write fails with EIO
 *   full <bytes>  the device holds <bytes> more written bytes; writes past them fail with ENOSPC
 *   heal          no more faults
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#define PAGE 4096

/* An inode, file or directory, as this fixture tracks it. */
struct node {
  ino_t ino;              /* its inode in live/; 0 once it has no name there */
  long id;                /* its name under durable/ (files) */
  int dir;                /* a directory */
  int has_durable;        /* durable/<id> exists */
  unsigned char *dirty;   /* a bit per page written since its last fsync */
  size_t dirty_pages;     /* bits allocated */
  struct entry *entries;  /* directories: the entries as of the last fsync */
  size_t n_entries;
  char *made;             /* during a power cut: the path it was recreated at */
  struct node *next;
};

struct entry {
  char *name;
  struct node *node;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char live[PATH_MAX], durable[PATH_MAX];
static struct node *nodes, *root;
static long next_id = 1;
static int dead, fail_fsync, fail_read, fail_write;
static long long space_left = -1; /* -1: no limit */

static void live_path(char *out, const char *path) { snprintf(out, PATH_MAX, "%s%s", live, path); }

static void durable_path(char *out, const struct node *n) {
  snprintf(out, PATH_MAX, "%s/%ld", durable, n->id);
}

static struct node *find(ino_t ino) {
  for (struct node *n = nodes; n; n = n->next)
    if (n->ino == ino) return n;
  return NULL;
}

static struct node *track(ino_t ino, int dir) {
  struct node *n = find(ino);
  if (n) return n;
  n = calloc(1, sizeof *n);
  n->ino = ino;
  n->id = next_id++;
  n->dir = dir;
  n->next = nodes;
  nodes = n;
  return n;
}

static struct node *track_fd(int fd) {
  struct stat st;
  return fstat(fd, &st) == 0 ? track(st.st_ino, S_ISDIR(st.st_mode)) : NULL;
}

static void mark_dirty(struct node *n, off_t from, off_t to) {
  if (!n || to <= from) return;
  size_t last = (size_t)((to - 1) / PAGE);
  if (last >= n->dirty_pages * 8) {
    size_t bytes = last / 8 + 1 + 64;
    n->dirty = realloc(n->dirty, bytes);
    memset(n->dirty + n->dirty_pages, 0, bytes - n->dirty_pages);
    n->dirty_pages = bytes;
  }
  for (size_t p = (size_t)(from / PAGE); p <= last; p++) n->dirty[p / 8] |= 1 << (p % 8);
}

/* The inode at live path p loses a name: once it has none, a new inode may take its number. */
static void lose_name(const char *p) {
  struct stat st;
  if (lstat(p, &st) != 0) return;
  struct node *n = find(st.st_ino);
  if (n && (S_ISDIR(st.st_mode) || st.st_nlink <= 1)) n->ino = 0;
}

/* fsync of a file: its dirty pages and its size become durable. */
static int commit_file(struct node *n, int fd) {
  char p[PATH_MAX], buf[PAGE];
  struct stat st;
  if (fstat(fd, &st) != 0) return -errno;
  durable_path(p, n);
  int out = open(p, O_WRONLY | O_CREAT, 0600);
  if (out < 0) return -errno;
  n->has_durable = 1;
  for (size_t page = 0; page < n->dirty_pages * 8; page++) {
    if (!(n->dirty[page / 8] & (1 << (page % 8)))) continue;
    off_t at = (off_t)page * PAGE;
    if (at >= st.st_size) break;
    ssize_t got = pread(fd, buf, PAGE, at);
    if (got < 0 || pwrite(out, buf, (size_t)got, at) != got) {
      close(out);
      return -EIO;
    }
  }
  int r = ftruncate(out, st.st_size);
  close(out);
  if (n->dirty) memset(n->dirty, 0, n->dirty_pages);
  return r == 0 ? 0 : -errno;
}

/* fsync of a directory: its entries (names and the inodes they name) become durable; not the
 * content of those inodes, which their own fsync makes durable. */
static int commit_dir(struct node *d, const char *p) {
  DIR *dir = opendir(p);
  if (!dir) return -errno;
  for (size_t i = 0; i < d->n_entries; i++) free(d->entries[i].name);
  d->n_entries = 0;
  struct dirent *e;
  while ((e = readdir(dir))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char child[PATH_MAX];
    struct stat st;
    snprintf(child, sizeof child, "%s/%s", p, e->d_name);
    if (lstat(child, &st) != 0 || !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))) continue;
    struct node *n = track(st.st_ino, S_ISDIR(st.st_mode));
    if (!n->dir && !n->has_durable) { /* named but never synced: durably empty */
      char dp[PATH_MAX];
      durable_path(dp, n);
      close(open(dp, O_WRONLY | O_CREAT, 0600));
      n->has_durable = 1;
    }
    d->entries = realloc(d->entries, (d->n_entries + 1) * sizeof *d->entries);
    d->entries[d->n_entries].name = strdup(e->d_name);
    d->entries[d->n_entries++].node = n;
  }
  closedir(dir);
  return 0;
}

/* Makes the tree under live path p durable, files and directories. */
static int commit_tree(const char *p) {
  struct stat st;
  if (lstat(p, &st) != 0) return -errno;
  if (S_ISREG(st.st_mode)) {
    struct node *n = track(st.st_ino, 0);
    mark_dirty(n, 0, st.st_size);
    int fd = open(p, O_RDONLY);
    if (fd < 0) return -errno;
    int r = commit_file(n, fd);
    close(fd);
    return r;
  }
  if (!S_ISDIR(st.st_mode)) return 0;
  int r = commit_dir(track(st.st_ino, 1), p);
  struct node *d = track(st.st_ino, 1);
  for (size_t i = 0; r == 0 && i < d->n_entries; i++) {
    char child[PATH_MAX];
    snprintf(child, sizeof child, "%s/%s", p, d->entries[i].name);
    r = commit_tree(child);
  }
  return r;
}

static int remove_one(const char *p, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag;
  return ftw->level == 0 ? 0 : remove(p);
}

static int copy_file(const char *from, const char *to) {
  char buf[1 << 16];
  int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ssize_t got = 0;
  while (in >= 0 && out >= 0 && (got = read(in, buf, sizeof buf)) > 0)
    if (write(out, buf, (size_t)got) != got) got = -1;
  int r = in >= 0 && out >= 0 && got == 0 ? 0 : -1;
  if (in >= 0) close(in);
  if (out >= 0) close(out);
  return r;
}

/* Recreates directory d's durable entries under live path p; a file named twice is linked. */
static void rebuild(struct node *d, const char *p) {
  for (size_t i = 0; i < d->n_entries; i++) {
    struct node *n = d->entries[i].node;
    char child[PATH_MAX], dp[PATH_MAX];
    snprintf(child, sizeof child, "%s/%s", p, d->entries[i].name);
    if (n->dir) {
      mkdir(child, 0755);
      rebuild(n, child);
    } else if (n->made) {
      link(n->made, child);
    } else {
      durable_path(dp, n);
      copy_file(dp, child);
      n->made = strdup(child);
    }
  }
}

static void power_cut(void) {
  nftw(live, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  rebuild(root, live);
  dead = 1;
}

/* At mount: everything in live/ is durable. */
static int start(void) {
  mkdir(live, 0755);
  nftw(durable, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  mkdir(durable, 0755);
  struct stat st;
  if (stat(live, &st) != 0) return -1;
  root = track(st.st_ino, 1);
  return commit_tree(live);
}

/* --- the control thread: commands on stdin ------------------------------------------------- */

static void *control(void *unused) {
  (void)unused;
  char line[256];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    long long bytes;
    int r = 0;
    pthread_mutex_lock(&lock);
    if (!strcmp(line, "sync")) r = commit_tree(live);
    else if (!strcmp(line, "cut")) power_cut();
    else if (!strcmp(line, "fail fsync")) fail_fsync = 1;
    else if (!strcmp(line, "fail read")) fail_read = 1;
    else if (!strcmp(line, "fail write")) fail_write = 1;
    else if (sscanf(line, "full %lld", &bytes) == 1 && bytes >= 0) space_left = bytes;
    else if (!strcmp(line, "heal")) fail_fsync = fail_read = fail_write = 0, space_left = -1;
    else r = -EINVAL;
    pthread_mutex_unlock(&lock);
    if (r == 0) printf("ok %s\n", line);
    else printf("error %s: %s\n", line, strerror(-r));
    fflush(stdout);
  }
  return NULL;
}

/* --- file system operations: passed through to live/, tracked under the lock --------------- */

#define BEGIN                   \
  pthread_mutex_lock(&lock);    \
  int res = 0;                  \
  if (dead) {                   \
    res = -EIO;                 \
    goto end;                   \
  }
#define END                     \
  end:                          \
  pthread_mutex_unlock(&lock);  \
  return res;
#define SYS(call) \
  if ((call) < 0) res = -errno

static void *fs_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
  (void)conn;
  cfg->use_ino = 1;
  cfg->hard_remove = 1; /* no .fuse_hidden files in the tree */
  cfg->nullpath_ok = 1;
  cfg->entry_timeout = cfg->attr_timeout = cfg->negative_timeout = 0;
  pthread_t t;
  pthread_create(&t, NULL, control, NULL);
  pthread_detach(t);
  printf("ready\n"); /* mounted */
  fflush(stdout);
  return NULL;
}

static int fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
  char p[PATH_MAX];
  BEGIN;
  if (fi) {
    SYS(fstat((int)fi->fh, st));
  } else {
    live_path(p, path);
    SYS(lstat(p, st));
  }
  END;
}

/* An open directory: paths are not passed to calls on open handles (nullpath_ok). */
struct open_dir {
  DIR *dir;
  char path[PATH_MAX];
};

static int fs_opendir(const char *path, struct fuse_file_info *fi) {
  BEGIN;
  struct open_dir *d = calloc(1, sizeof *d);
  live_path(d->path, path);
  d->dir = opendir(d->path);
  if (!d->dir) {
    res = -errno;
    free(d);
    goto end;
  }
  fi->fh = (uint64_t)(uintptr_t)d;
  END;
}

static int fs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
                      struct fuse_file_info *fi, enum fuse_readdir_flags flags) {
  (void)path, (void)off, (void)flags;
  BEGIN;
  struct open_dir *d = (struct open_dir *)(uintptr_t)fi->fh;
  rewinddir(d->dir);
  for (struct dirent *e = readdir(d->dir); e; e = readdir(d->dir)) fill(buf, e->d_name, NULL, 0, 0);
  END;
}

static int fs_releasedir(const char *path, struct fuse_file_info *fi) {
  (void)path;
  struct open_dir *d = (struct open_dir *)(uintptr_t)fi->fh;
  closedir(d->dir);
  free(d);
  return 0;
}

static int fs_mkdir(const char *path, mode_t mode) {
  char p[PATH_MAX];
  BEGIN;
  live_path(p, path);
  SYS(mkdir(p, mode));
  END;
}

static int fs_rmdir(const char *path) {
  char p[PATH_MAX];
  BEGIN;
  live_path(p, path);
  struct stat st;
  ino_t ino = lstat(p, &st) == 0 ? st.st_ino : 0;
  SYS(rmdir(p));
  if (res == 0 && find(ino)) find(ino)->ino = 0;
  END;
}

static int fs_unlink(const char *path) {
  char p[PATH_MAX];
  BEGIN;
  live_path(p, path);
  lose_name(p);
  SYS(unlink(p));
  END;
}

static int fs_rename(const char *from, const char *to, unsigned int flags) {
  char f[PATH_MAX], t[PATH_MAX];
  BEGIN;
  live_path(f, from);
  live_path(t, to);
  if (!(flags & RENAME_EXCHANGE) && strcmp(f, t) != 0) lose_name(t);
  SYS(renameat2(AT_FDCWD, f, AT_FDCWD, t, flags));
  END;
}

static int fs_link(const char *from, const char *to) {
  char f[PATH_MAX], t[PATH_MAX];
  BEGIN;
  live_path(f, from);
  live_path(t, to);
  SYS(link(f, t));
  END;
}

static int fs_chmod(const char *path, mode_t mode, struct fuse_file_info *fi) {
  char p[PATH_MAX];
  BEGIN;
  live_path(p, path);
  SYS(fi ? fchmod((int)fi->fh, mode) : chmod(p, mode));
  END;
}

static int fs_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
  char p[PATH_MAX];
  BEGIN;
  int fd = fi ? (int)fi->fh : open((live_path(p, path), p), O_RDWR);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) {
    res = -errno;
    goto end;
  }
  if (fail_write) res = -EIO;
  else SYS(ftruncate(fd, size));
  /* pages past the new end read as zeros if the file grows again */
  if (res == 0) mark_dirty(track_fd(fd), size, st.st_size > size ? st.st_size : size);
  if (!fi) close(fd);
  END;
}

static int fs_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi) {
  char p[PATH_MAX];
  BEGIN;
  live_path(p, path);
  SYS(fi ? futimens((int)fi->fh, tv) : utimensat(AT_FDCWD, p, tv, AT_SYMLINK_NOFOLLOW));
  END;
}

/* The fixture reads back what it commits: a file opened write-only is opened read-write. */
static int open_flags(int flags) {
  return (flags & O_ACCMODE) == O_WRONLY ? (flags & ~O_ACCMODE) | O_RDWR : flags;
}

static int fs_create(const char *path, mode_t mode, struct fuse_file_info *fi) {
  char p[PATH_MAX];
  BEGIN;
  live_path(p, path);
  int fd = open(p, open_flags(fi->flags) | O_CREAT, mode);
  if (fd < 0) {
    res = -errno;
    goto end;
  }
  fi->fh = (uint64_t)fd;
  track_fd(fd);
  END;
}

static int fs_open(const char *path, struct fuse_file_info *fi) {
  char p[PATH_MAX];
  BEGIN;
  live_path(p, path);
  struct stat st;
  off_t before = stat(p, &st) == 0 ? st.st_size : 0;
  int fd = open(p, open_flags(fi->flags));
  if (fd < 0) {
    res = -errno;
    goto end;
  }
  fi->fh = (uint64_t)fd;
  if (fi->flags & O_TRUNC) mark_dirty(track_fd(fd), 0, before);
  END;
}

static int fs_read(const char *path, char *buf, size_t size, off_t off,
                   struct fuse_file_info *fi) {
  (void)path;
  BEGIN;
  if (fail_read) res = -EIO;
  else if ((res = (int)pread((int)fi->fh, buf, size, off)) < 0) res = -errno;
  END;
}

static int fs_write(const char *path, const char *buf, size_t size, off_t off,
                    struct fuse_file_info *fi) {
  (void)path;
  BEGIN;
  if (fail_write) {
    res = -EIO;
    goto end;
  }
  if (space_left == 0) {
    res = -ENOSPC;
    goto end;
  }
  if (space_left > 0 && (long long)size > space_left) size = (size_t)space_left;
  if ((res = (int)pwrite((int)fi->fh, buf, size, off)) < 0) {
    res = -errno;
    goto end;
  }
  if (space_left > 0) space_left -= res;
  mark_dirty(track_fd((int)fi->fh), off, off + res);
  END;
}

static int fs_fallocate(const char *path, int mode, off_t off, off_t len,
                        struct fuse_file_info *fi) {
  (void)path;
  BEGIN;
  if (fail_write) res = -EIO;
  else if (space_left >= 0 && len > space_left) res = -ENOSPC;
  else SYS(fallocate((int)fi->fh, mode, off, len));
  if (res == 0) mark_dirty(track_fd((int)fi->fh), off, off + len);
  END;
}

static int fs_fsync(const char *path, int datasync, struct fuse_file_info *fi) {
  (void)path, (void)datasync;
  BEGIN;
  struct node *n = track_fd((int)fi->fh);
  if (fail_fsync) { /* the page cache marks the pages clean: their data never reaches the disk */
    if (n && n->dirty) memset(n->dirty, 0, n->dirty_pages);
    res = -EIO;
  } else if (n) {
    res = commit_file(n, (int)fi->fh);
  }
  END;
}

static int fs_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi) {
  (void)path, (void)datasync;
  BEGIN;
  struct open_dir *d = (struct open_dir *)(uintptr_t)fi->fh;
  struct stat st;
  if (fail_fsync) res = -EIO;
  else if (fstat(dirfd(d->dir), &st) != 0) res = -errno;
  else res = commit_dir(track(st.st_ino, 1), d->path);
  END;
}

static int fs_release(const char *path, struct fuse_file_info *fi) {
  (void)path;
  close((int)fi->fh);
  return 0;
}

static int fs_statfs(const char *path, struct statvfs *st) {
  (void)path;
  return statvfs(live, st) == 0 ? 0 : -errno;
}

static const struct fuse_operations ops = {
    .init = fs_init,
    .getattr = fs_getattr,
    .opendir = fs_opendir,
    .readdir = fs_readdir,
    .releasedir = fs_releasedir,
    .mkdir = fs_mkdir,
    .rmdir = fs_rmdir,
    .unlink = fs_unlink,
    .rename = fs_rename,
    .link = fs_link,
    .chmod = fs_chmod,
    .truncate = fs_truncate,
    .utimens = fs_utimens,
    .create = fs_create,
    .open = fs_open,
    .read = fs_read,
    .write = fs_write,
    .fallocate = fs_fallocate,
    .fsync = fs_fsync,
    .fsyncdir = fs_fsyncdir,
    .release = fs_release,
    .statfs = fs_statfs,
};

int main(int argc, char *argv[]) {
  if (argc < 3) {
    fprintf(stderr, "usage: cutfs <backing> <mountpoint> [fuse options]\n");
    return 2;
  }
  char *backing = realpath(argv[1], NULL);
  if (!backing) {
    fprintf(stderr, "cutfs: %s: %s\n", argv[1], strerror(errno));
    return 2;
  }
  snprintf(live, sizeof live, "%s/live", backing);
  snprintf(durable, sizeof durable, "%s/durable", backing);
  if (start() != 0) {
    fprintf(stderr, "cutfs: cannot take %s as durable: %s\n", live, strerror(errno));
    return 2;
  }
  argv[1] = argv[0];
  return fuse_main(argc - 1, argv + 1, &ops, NULL);
}
