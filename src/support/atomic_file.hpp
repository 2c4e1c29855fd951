// Replacing a file so that readers only ever see the old file or the whole new one: the bytes go to
// a new, uniquely named temporary beside the target, which is flushed to disk and renamed over the
// target when complete, and removed on any failure or when dropped without commit(). Shared by the
// library (Generator::save_state) and the CLI (every file it writes); it neither prints nor installs
// signal handlers - the CLI removes pending temporaries on signals itself (temp_path()).
#pragma once

#include <cstddef>
#include <string>

namespace gpurng::support {

class AtomicFile {
 public:
  // Creates the temporary "<path>.part-XXXXXXXXXXXX" (12 random characters) in path's directory:
  // O_CREAT|O_EXCL|O_NOFOLLOW, so nothing planted there (a symlink, another run's file) is followed
  // or overwritten, with mode 0666 less the umask like any new file. An existing device, FIFO or
  // socket (/dev/null, a pipe) is opened and written in place instead: renaming a file over it would
  // replace the node itself. Throws std::system_error (naming path) on failure; a directory gives EISDIR.
  explicit AtomicFile(const std::string& path);
  ~AtomicFile();  // closes and removes the temporary unless commit() succeeded
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Writes all of the bytes or throws std::system_error.
  void write(const void* data, std::size_t size);
  // fsync, close and rename over the target (in place: close). Throws std::system_error; the
  // target is then untouched and the destructor removes the temporary.
  void commit();

  // Whether AtomicFile(path) would write path itself: an existing device, FIFO or socket.
  static bool writes_in_place(const std::string& path);

  const std::string& path() const { return path_; }
  // The temporary being written; empty when the target is written in place.
  const std::string& temp_path() const { return temp_; }

 private:
  std::string path_;
  std::string temp_;
  int fd_ = -1;
  bool committed_ = false;
};

}  // namespace gpurng::support
