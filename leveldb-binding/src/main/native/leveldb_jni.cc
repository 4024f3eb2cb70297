// JNI library over LevelDB 1.23's C++ API: the calls io.github.ycsbembedded.leveldb.LevelDb needs,
// nothing more. Every native method is registered in JNI_OnLoad, so a Java/C++ mismatch fails at
// load, not at the first call.
//
// Errors reach Java as LevelDbException subclasses chosen from LevelDB's Status type and from what
// the kernel said, never from message text:
//   Locked           the LOCK file is held by another process (fcntl F_GETLK names it) or this one
//   Corruption       Status::IsCorruption (checksum mismatch, bad block, ...)
//   NoSpace          an I/O error after a write failed with ENOSPC or EDQUOT
//   IoError          any other Status::IsIOError
//   NotFound         Status::IsNotFound other than a missing key (a missing key is a null value)
//   InvalidArgument  Status::IsInvalidArgument
//   NotSupported     Status::IsNotSupportedError
//
// A writable file whose write failed refuses every later write: LevelDB's log writer would
// otherwise append acknowledged records after a partial one, which recovery drops with the rest
// of the block. After a failed write the database takes writes again once reopened.

#include <errno.h>
#include <fcntl.h>
#include <jni.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "leveldb/cache.h"
#include "leveldb/db.h"
#include "leveldb/env.h"
#include "leveldb/filter_policy.h"
#include "leveldb/iterator.h"
#include "leveldb/write_batch.h"

namespace leveldb {
namespace crc32c {
uint32_t Extend(uint32_t crc, const char* data, size_t n);  // crc32c.cc: LevelDB's own, hardware
}  // namespace crc32c
}  // namespace leveldb

namespace {

enum Condition {
  kGeneric,
  kLocked,
  kCorruption,
  kIoError,
  kNoSpace,
  kNotFound,
  kInvalidArgument,
  kNotSupported,
  kConditions
};

const char* const kExceptionClasses[kConditions] = {
    "io/github/ycsbembedded/leveldb/LevelDbException",
    "io/github/ycsbembedded/leveldb/LevelDbException$Locked",
    "io/github/ycsbembedded/leveldb/LevelDbException$Corruption",
    "io/github/ycsbembedded/leveldb/LevelDbException$IoError",
    "io/github/ycsbembedded/leveldb/LevelDbException$NoSpace",
    "io/github/ycsbembedded/leveldb/LevelDbException$NotFound",
    "io/github/ycsbembedded/leveldb/LevelDbException$InvalidArgument",
    "io/github/ycsbembedded/leveldb/LevelDbException$NotSupported",
};

jclass exception_classes[kConditions];
jmethodID locked_constructor;  // Locked(String message, long holderPid)

void Throw(JNIEnv* env, Condition condition, const std::string& message) {
  env->ThrowNew(exception_classes[condition], message.c_str());
}

// Lock files this process holds through any handle: closing a descriptor of such a file would
// drop the process's fcntl lock, so they are never probed.
std::mutex held_locks_mutex;
std::set<std::string> held_locks;

// The pid of another process holding a write lock on `file`, or 0.
pid_t OtherLockHolder(const std::string& file) {
  int fd = ::open(file.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return 0;
  struct flock probe = {};
  probe.l_type = F_WRLCK;
  probe.l_whence = SEEK_SET;
  pid_t holder = 0;
  if (::fcntl(fd, F_GETLK, &probe) == 0 && probe.l_type != F_UNLCK) holder = probe.l_pid;
  ::close(fd);
  return holder;
}

// A table file read with pread and advised as random (POSIX_FADV_RANDOM), as RocksDB opens its
// files by default: a block read out of cache costs that block, where LevelDB's default mmap reads
// fault in the kernel's read-around (128 KiB) for every block once the data exceeds memory.
class RandomReads : public leveldb::RandomAccessFile {
 public:
  RandomReads(int fd, std::string name) : fd_(fd), name_(std::move(name)) {}
  ~RandomReads() override { ::close(fd_); }

  // pread may return fewer bytes than asked before the end of the file (a read that the kernel
  // stops part way, for example when it cannot charge the next page to a memory cgroup at its
  // limit); LevelDB would take that for "Corruption: truncated block read" (seen once here in an
  // experiment's memory cgroup). So the read goes on from where it stopped, as RocksDB's reads do,
  // and only the end of the file ends it short.
  //
  // In a memory cgroup at its limit with the OOM killer off (as bin/experiment runs a phase), a
  // read that cannot charge its page to the group fails with ENOMEM instead of waiting, as a page
  // fault would (seen once here: "000431.ldb: Cannot allocate memory" in a batch read). That is
  // memory pressure of the moment, not a fault of the file: the read is tried again, for up to a
  // second, before it is reported.
  leveldb::Status Read(uint64_t offset, size_t n, leveldb::Slice* result, char* scratch) const override {
    size_t done = 0;
    int nomem_retries = 0;
    while (done < n) {
      ssize_t read = ::pread(fd_, scratch + done, n - done, static_cast<off_t>(offset + done));
      if (read < 0) {
        if (errno == EINTR) continue;
        if (errno == ENOMEM && nomem_retries < kNoMemoryRetries) {
          ++nomem_retries;
          ::usleep(kNoMemoryPauseMicros);
          continue;
        }
        *result = leveldb::Slice(scratch, 0);
        return leveldb::Status::IOError(name_, ::strerror(errno));
      }
      if (read == 0) break;
      done += static_cast<size_t>(read);
    }
    *result = leveldb::Slice(scratch, done);
    return leveldb::Status::OK();
  }

 private:
  static constexpr int kNoMemoryRetries = 200;
  static constexpr useconds_t kNoMemoryPauseMicros = 5000;
  const int fd_;
  const std::string name_;
};

class GuardedEnv;

// A writable file that keeps its first failure and returns it for every later write.
class GuardedFile : public leveldb::WritableFile {
 public:
  GuardedFile(leveldb::WritableFile* target, GuardedEnv* env) : target_(target), env_(env) {}
  ~GuardedFile() override { delete target_; }

  leveldb::Status Append(const leveldb::Slice& data) override {
    return failed_.ok() ? Guard(target_->Append(data)) : failed_;
  }
  leveldb::Status Flush() override { return failed_.ok() ? Guard(target_->Flush()) : failed_; }
  leveldb::Status Sync() override { return failed_.ok() ? Guard(target_->Sync()) : failed_; }
  leveldb::Status Close() override {
    leveldb::Status closed = target_->Close();
    return failed_.ok() ? Guard(closed) : failed_;
  }

 private:
  leveldb::Status Guard(leveldb::Status status);

  leveldb::WritableFile* const target_;
  GuardedEnv* const env_;
  leveldb::Status failed_;
};

// The default Env with guarded writable files, typed lock failures, a missing table file reported
// as an I/O error (LevelDB would report it as NotFound, which a read would take for a missing key),
// and, unless mmap reads are asked for, table files read with pread and advised as random.
class GuardedEnv : public leveldb::EnvWrapper {
 public:
  GuardedEnv() : EnvWrapper(leveldb::Env::Default()) {}

  void set_mmap_reads(bool mmap_reads) { mmap_reads_ = mmap_reads; }

  leveldb::Status NewWritableFile(const std::string& name, leveldb::WritableFile** result) override {
    return Wrap(target()->NewWritableFile(name, result), result);
  }
  leveldb::Status NewAppendableFile(const std::string& name, leveldb::WritableFile** result) override {
    return Wrap(target()->NewAppendableFile(name, result), result);
  }
  leveldb::Status NewRandomAccessFile(const std::string& name, leveldb::RandomAccessFile** result) override {
    if (!mmap_reads_) {
      int fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
      if (fd < 0) {
        *result = nullptr;
        return leveldb::Status::IOError(name, errno == ENOENT ? "table file is missing" : ::strerror(errno));
      }
      ::posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
      *result = new RandomReads(fd, name);
      return leveldb::Status::OK();
    }
    leveldb::Status status = target()->NewRandomAccessFile(name, result);
    if (status.IsNotFound()) return leveldb::Status::IOError(name, "table file is missing");
    return status;
  }

  leveldb::Status LockFile(const std::string& name, leveldb::FileLock** lock) override {
    {
      std::lock_guard<std::mutex> guard(held_locks_mutex);
      if (held_locks.count(name) > 0) {
        lock_holder_ = ::getpid();
        return leveldb::Status::IOError(name, "held by this process");
      }
    }
    leveldb::Status status = target()->LockFile(name, lock);
    if (status.ok()) {
      std::lock_guard<std::mutex> guard(held_locks_mutex);
      held_locks.insert(name);
      lock_name_ = name;
    } else {
      lock_holder_ = OtherLockHolder(name);
    }
    return status;
  }
  leveldb::Status UnlockFile(leveldb::FileLock* lock) override {
    leveldb::Status status = target()->UnlockFile(lock);
    std::lock_guard<std::mutex> guard(held_locks_mutex);
    held_locks.erase(lock_name_);
    return status;
  }

  void RecordWriteFailure(int error) { last_write_errno_.store(error); }
  bool OutOfSpace() const {
    int error = last_write_errno_.load();
    return error == ENOSPC || error == EDQUOT;
  }
  pid_t lock_holder() const { return lock_holder_; }

 private:
  leveldb::Status Wrap(leveldb::Status status, leveldb::WritableFile** result) {
    if (!status.ok()) {
      RecordWriteFailure(errno);
      return status;
    }
    *result = new GuardedFile(*result, this);
    return status;
  }

  std::atomic<int> last_write_errno_{0};
  bool mmap_reads_ = true;
  pid_t lock_holder_ = 0;
  std::string lock_name_;
};

leveldb::Status GuardedFile::Guard(leveldb::Status status) {
  if (!status.ok()) {
    // errno is still the failed system call's: nothing between it and here sets it on success
    env_->RecordWriteFailure(errno);
    failed_ = status;
  }
  return status;
}

// One open database with everything its Options point at; deleted in reverse order.
struct Handle {
  GuardedEnv env;
  std::unique_ptr<leveldb::Cache> cache;
  std::unique_ptr<const leveldb::FilterPolicy> filter;
  leveldb::DB* db = nullptr;
  leveldb::ReadOptions read;
  ~Handle() { delete db; }
};

Handle* AsHandle(jlong handle) { return reinterpret_cast<Handle*>(handle); }
const leveldb::Snapshot* AsSnapshot(jlong snapshot) {
  return reinterpret_cast<const leveldb::Snapshot*>(snapshot);
}

void ThrowStatus(JNIEnv* env, const leveldb::Status& status, const Handle* handle) {
  Condition condition = kGeneric;
  if (status.IsCorruption()) {
    condition = kCorruption;
  } else if (status.IsNotFound()) {
    condition = kNotFound;
  } else if (status.IsInvalidArgument()) {
    condition = kInvalidArgument;
  } else if (status.IsNotSupportedError()) {
    condition = kNotSupported;
  } else if (status.IsIOError()) {
    condition = handle != nullptr && handle->env.OutOfSpace() ? kNoSpace : kIoError;
  }
  Throw(env, condition, status.ToString());
}

// The bytes of a Java array, copied into a buffer this thread reuses.
leveldb::Slice Bytes(JNIEnv* env, jbyteArray array, jint length, std::string* buffer) {
  buffer->resize(static_cast<size_t>(length));
  env->GetByteArrayRegion(array, 0, length, reinterpret_cast<jbyte*>(&(*buffer)[0]));
  return leveldb::Slice(buffer->data(), buffer->size());
}

leveldb::Slice Key(JNIEnv* env, jbyteArray key) {
  thread_local std::string buffer;
  return Bytes(env, key, env->GetArrayLength(key), &buffer);
}

jbyteArray ToJava(JNIEnv* env, const leveldb::Slice& bytes) {
  jbyteArray out = env->NewByteArray(static_cast<jsize>(bytes.size()));
  if (out != nullptr) {
    env->SetByteArrayRegion(out, 0, static_cast<jsize>(bytes.size()),
                            reinterpret_cast<const jbyte*>(bytes.data()));
  }
  return out;
}

// ---- the native methods of LevelDb ----

// A field of LevelDb.Options (a record: its components are its fields) by name and JNI type; a
// missing one leaves NoSuchFieldError pending, and the fields after it are not read.
jlong LongField(JNIEnv* env, jobject o, const char* name) {
  if (env->ExceptionCheck()) return 0;  // an earlier field was missing
  jfieldID field = env->GetFieldID(env->GetObjectClass(o), name, "J");
  return field == nullptr ? 0 : env->GetLongField(o, field);
}

jint IntField(JNIEnv* env, jobject o, const char* name) {
  if (env->ExceptionCheck()) return 0;  // an earlier field was missing
  jfieldID field = env->GetFieldID(env->GetObjectClass(o), name, "I");
  return field == nullptr ? 0 : env->GetIntField(o, field);
}

jboolean BooleanField(JNIEnv* env, jobject o, const char* name) {
  if (env->ExceptionCheck()) return JNI_FALSE;  // an earlier field was missing
  jfieldID field = env->GetFieldID(env->GetObjectClass(o), name, "Z");
  return field == nullptr ? JNI_FALSE : env->GetBooleanField(o, field);
}

jlong Open(JNIEnv* env, jclass, jstring path, jobject o) {
  const char* chars = env->GetStringUTFChars(path, nullptr);
  if (chars == nullptr) return 0;
  std::string name(chars);
  env->ReleaseStringUTFChars(path, chars);

  const jlong cache_size = LongField(env, o, "cacheSize");
  const jlong write_buffer_size = LongField(env, o, "writeBufferSize");
  const jlong max_file_size = LongField(env, o, "maxFileSize");
  const jint block_size = IntField(env, o, "blockSize");
  const jint max_open_files = IntField(env, o, "maxOpenFiles");
  const jboolean snappy = BooleanField(env, o, "snappy");
  const jint filter_bits = IntField(env, o, "filterBits");
  const jboolean paranoid_checks = BooleanField(env, o, "paranoidChecks");
  const jboolean verify_checksums = BooleanField(env, o, "verifyChecksums");
  const jboolean create_if_missing = BooleanField(env, o, "createIfMissing");
  const jboolean mmap_reads = BooleanField(env, o, "mmapReads");
  if (env->ExceptionCheck()) return 0;  // a missing field: NoSuchFieldError is pending

  auto handle = std::make_unique<Handle>();
  handle->env.set_mmap_reads(mmap_reads);
  leveldb::Options options;
  options.env = &handle->env;
  options.create_if_missing = create_if_missing;
  options.paranoid_checks = paranoid_checks;
  handle->cache.reset(leveldb::NewLRUCache(static_cast<size_t>(cache_size)));
  options.block_cache = handle->cache.get();
  options.write_buffer_size = static_cast<size_t>(write_buffer_size);
  options.max_file_size = static_cast<size_t>(max_file_size);
  options.block_size = static_cast<size_t>(block_size);
  options.max_open_files = max_open_files;
  options.compression = snappy ? leveldb::kSnappyCompression : leveldb::kNoCompression;
  if (filter_bits > 0) {
    handle->filter.reset(leveldb::NewBloomFilterPolicy(filter_bits));
    options.filter_policy = handle->filter.get();
  }
  handle->read.verify_checksums = verify_checksums;

  leveldb::Status status = leveldb::DB::Open(options, name, &handle->db);
  if (!status.ok()) {
    pid_t holder = handle->env.lock_holder();
    if (holder != 0) {
      jstring message = env->NewStringUTF((name + "/LOCK is held by process " + std::to_string(holder)).c_str());
      if (message == nullptr) return 0;
      jobject locked = env->NewObject(exception_classes[kLocked], locked_constructor, message,
                                      static_cast<jlong>(holder));
      if (locked != nullptr) env->Throw(static_cast<jthrowable>(locked));
    } else {
      ThrowStatus(env, status, handle.get());
    }
    return 0;
  }
  return reinterpret_cast<jlong>(handle.release());
}

void Close(JNIEnv*, jclass, jlong handle) { delete AsHandle(handle); }

jbyteArray Get(JNIEnv* env, jclass, jlong handle, jlong snapshot, jbyteArray key) {
  Handle* h = AsHandle(handle);
  leveldb::ReadOptions options = h->read;
  options.snapshot = AsSnapshot(snapshot);
  thread_local std::string value;
  leveldb::Status status = h->db->Get(options, Key(env, key), &value);
  if (status.ok()) return ToJava(env, value);
  if (!status.IsNotFound()) ThrowStatus(env, status, h);
  return nullptr;
}

void Put(JNIEnv* env, jclass, jlong handle, jboolean sync, jbyteArray key, jbyteArray value,
         jint length) {
  Handle* h = AsHandle(handle);
  thread_local std::string value_buffer;
  leveldb::Slice k = Key(env, key);
  leveldb::Slice v = Bytes(env, value, length, &value_buffer);
  leveldb::WriteOptions options;
  options.sync = sync;
  leveldb::Status status = h->db->Put(options, k, v);
  if (!status.ok()) ThrowStatus(env, status, h);
}

void Delete(JNIEnv* env, jclass, jlong handle, jboolean sync, jbyteArray key) {
  Handle* h = AsHandle(handle);
  leveldb::WriteOptions options;
  options.sync = sync;
  leveldb::Status status = h->db->Delete(options, Key(env, key));
  if (!status.ok()) ThrowStatus(env, status, h);
}

jlong NewBatch(JNIEnv*, jclass) { return reinterpret_cast<jlong>(new leveldb::WriteBatch()); }

void FreeBatch(JNIEnv*, jclass, jlong batch) { delete reinterpret_cast<leveldb::WriteBatch*>(batch); }

void BatchPut(JNIEnv* env, jclass, jlong batch, jbyteArray key, jbyteArray value, jint length) {
  thread_local std::string key_buffer;
  thread_local std::string value_buffer;
  leveldb::Slice k = Bytes(env, key, env->GetArrayLength(key), &key_buffer);
  leveldb::Slice v = Bytes(env, value, length, &value_buffer);
  reinterpret_cast<leveldb::WriteBatch*>(batch)->Put(k, v);
}

void BatchDelete(JNIEnv* env, jclass, jlong batch, jbyteArray key) {
  reinterpret_cast<leveldb::WriteBatch*>(batch)->Delete(Key(env, key));
}

void BatchClear(JNIEnv*, jclass, jlong batch) { reinterpret_cast<leveldb::WriteBatch*>(batch)->Clear(); }

void Write(JNIEnv* env, jclass, jlong handle, jboolean sync, jlong batch) {
  Handle* h = AsHandle(handle);
  leveldb::WriteOptions options;
  options.sync = sync;
  leveldb::Status status = h->db->Write(options, reinterpret_cast<leveldb::WriteBatch*>(batch));
  if (!status.ok()) ThrowStatus(env, status, h);
}

jlong NewSnapshot(JNIEnv*, jclass, jlong handle) {
  return reinterpret_cast<jlong>(AsHandle(handle)->db->GetSnapshot());
}

void ReleaseSnapshot(JNIEnv*, jclass, jlong handle, jlong snapshot) {
  AsHandle(handle)->db->ReleaseSnapshot(AsSnapshot(snapshot));
}

jlong NewIterator(JNIEnv*, jclass, jlong handle, jlong snapshot) {
  Handle* h = AsHandle(handle);
  leveldb::ReadOptions options = h->read;
  options.snapshot = AsSnapshot(snapshot);
  return reinterpret_cast<jlong>(h->db->NewIterator(options));
}

leveldb::Iterator* AsIterator(jlong iterator) { return reinterpret_cast<leveldb::Iterator*>(iterator); }

// Whether the iterator is on an entry; an iterator that stopped on an error throws it.
jboolean Positioned(JNIEnv* env, leveldb::Iterator* it, jlong handle) {
  if (it->Valid()) return JNI_TRUE;
  leveldb::Status status = it->status();
  if (!status.ok()) ThrowStatus(env, status, AsHandle(handle));
  return JNI_FALSE;
}

jboolean IteratorSeek(JNIEnv* env, jclass, jlong handle, jlong iterator, jbyteArray key) {
  leveldb::Iterator* it = AsIterator(iterator);
  if (key == nullptr) {
    it->SeekToFirst();
  } else {
    it->Seek(Key(env, key));
  }
  return Positioned(env, it, handle);
}

jboolean IteratorNext(JNIEnv* env, jclass, jlong handle, jlong iterator) {
  leveldb::Iterator* it = AsIterator(iterator);
  it->Next();
  return Positioned(env, it, handle);
}

jbyteArray IteratorKey(JNIEnv* env, jclass, jlong iterator) { return ToJava(env, AsIterator(iterator)->key()); }

jbyteArray IteratorValue(JNIEnv* env, jclass, jlong iterator) {
  return ToJava(env, AsIterator(iterator)->value());
}

void FreeIterator(JNIEnv*, jclass, jlong iterator) { delete AsIterator(iterator); }

void CompactRange(JNIEnv* env, jclass, jlong handle, jbyteArray begin, jbyteArray end) {
  thread_local std::string begin_buffer;
  thread_local std::string end_buffer;
  leveldb::Slice b;
  leveldb::Slice e;
  if (begin != nullptr) b = Bytes(env, begin, env->GetArrayLength(begin), &begin_buffer);
  if (end != nullptr) e = Bytes(env, end, env->GetArrayLength(end), &end_buffer);
  AsHandle(handle)->db->CompactRange(begin == nullptr ? nullptr : &b, end == nullptr ? nullptr : &e);
}

// LevelDB keeps the error of a failed background flush or compaction and answers every later write
// with it; a write of no batch asks for it (and, when there is none, switches to a new memtable).
void CheckBackgroundError(JNIEnv* env, jclass, jlong handle) {
  Handle* h = AsHandle(handle);
  leveldb::Status status = h->db->Write(leveldb::WriteOptions(), nullptr);
  if (!status.ok()) ThrowStatus(env, status, h);
}

jstring Property(JNIEnv* env, jclass, jlong handle, jstring name) {
  const char* chars = env->GetStringUTFChars(name, nullptr);
  if (chars == nullptr) return nullptr;
  std::string property(chars);
  env->ReleaseStringUTFChars(name, chars);
  std::string value;
  if (!AsHandle(handle)->db->GetProperty(property, &value)) return nullptr;
  return env->NewStringUTF(value.c_str());
}

jstring Version(JNIEnv* env, jclass) {
  std::string version =
      std::to_string(leveldb::kMajorVersion) + "." + std::to_string(leveldb::kMinorVersion);
  return env->NewStringUTF(version.c_str());
}

// The CRC32C LevelDB uses (crc32c.cc), for the tests that compare it with the JDK's.
jint Crc32c(JNIEnv* env, jclass, jbyteArray data) {
  thread_local std::string buffer;
  leveldb::Slice bytes = Bytes(env, data, env->GetArrayLength(data), &buffer);
  return static_cast<jint>(leveldb::crc32c::Extend(0, bytes.data(), bytes.size()));
}

const JNINativeMethod kMethods[] = {
    {const_cast<char*>("open"), const_cast<char*>("(Ljava/lang/String;Lio/github/ycsbembedded/leveldb/LevelDb$Options;)J"), reinterpret_cast<void*>(Open)},
    {const_cast<char*>("close"), const_cast<char*>("(J)V"), reinterpret_cast<void*>(Close)},
    {const_cast<char*>("get"), const_cast<char*>("(JJ[B)[B"), reinterpret_cast<void*>(Get)},
    {const_cast<char*>("put"), const_cast<char*>("(JZ[B[BI)V"), reinterpret_cast<void*>(Put)},
    {const_cast<char*>("delete"), const_cast<char*>("(JZ[B)V"), reinterpret_cast<void*>(Delete)},
    {const_cast<char*>("newBatch"), const_cast<char*>("()J"), reinterpret_cast<void*>(NewBatch)},
    {const_cast<char*>("freeBatch"), const_cast<char*>("(J)V"), reinterpret_cast<void*>(FreeBatch)},
    {const_cast<char*>("batchPut"), const_cast<char*>("(J[B[BI)V"), reinterpret_cast<void*>(BatchPut)},
    {const_cast<char*>("batchDelete"), const_cast<char*>("(J[B)V"), reinterpret_cast<void*>(BatchDelete)},
    {const_cast<char*>("batchClear"), const_cast<char*>("(J)V"), reinterpret_cast<void*>(BatchClear)},
    {const_cast<char*>("write"), const_cast<char*>("(JZJ)V"), reinterpret_cast<void*>(Write)},
    {const_cast<char*>("newSnapshot"), const_cast<char*>("(J)J"), reinterpret_cast<void*>(NewSnapshot)},
    {const_cast<char*>("releaseSnapshot"), const_cast<char*>("(JJ)V"), reinterpret_cast<void*>(ReleaseSnapshot)},
    {const_cast<char*>("newIterator"), const_cast<char*>("(JJ)J"), reinterpret_cast<void*>(NewIterator)},
    {const_cast<char*>("iteratorSeek"), const_cast<char*>("(JJ[B)Z"), reinterpret_cast<void*>(IteratorSeek)},
    {const_cast<char*>("iteratorNext"), const_cast<char*>("(JJ)Z"), reinterpret_cast<void*>(IteratorNext)},
    {const_cast<char*>("iteratorKey"), const_cast<char*>("(J)[B"), reinterpret_cast<void*>(IteratorKey)},
    {const_cast<char*>("iteratorValue"), const_cast<char*>("(J)[B"), reinterpret_cast<void*>(IteratorValue)},
    {const_cast<char*>("freeIterator"), const_cast<char*>("(J)V"), reinterpret_cast<void*>(FreeIterator)},
    {const_cast<char*>("compactRange"), const_cast<char*>("(J[B[B)V"), reinterpret_cast<void*>(CompactRange)},
    {const_cast<char*>("checkBackgroundError"), const_cast<char*>("(J)V"), reinterpret_cast<void*>(CheckBackgroundError)},
    {const_cast<char*>("property"), const_cast<char*>("(JLjava/lang/String;)Ljava/lang/String;"), reinterpret_cast<void*>(Property)},
    {const_cast<char*>("version"), const_cast<char*>("()Ljava/lang/String;"), reinterpret_cast<void*>(Version)},
    {const_cast<char*>("crc32c"), const_cast<char*>("([B)I"), reinterpret_cast<void*>(Crc32c)},
};

}  // namespace

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*) {
  JNIEnv* env = nullptr;
  if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
  for (int i = 0; i < kConditions; i++) {
    jclass local = env->FindClass(kExceptionClasses[i]);
    if (local == nullptr) return JNI_ERR;
    exception_classes[i] = static_cast<jclass>(env->NewGlobalRef(local));
    env->DeleteLocalRef(local);
  }
  locked_constructor = env->GetMethodID(exception_classes[kLocked], "<init>", "(Ljava/lang/String;J)V");
  if (locked_constructor == nullptr) return JNI_ERR;
  jclass natives = env->FindClass("io/github/ycsbembedded/leveldb/LevelDb$Native");
  if (natives == nullptr) return JNI_ERR;
  if (env->RegisterNatives(natives, kMethods, sizeof(kMethods) / sizeof(kMethods[0])) != 0) return JNI_ERR;
  return JNI_VERSION_1_8;
}
