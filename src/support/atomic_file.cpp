#include "atomic_file.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <system_error>

namespace gpurng::support {
namespace {

constexpr std::size_t kNameChars = 12;  // 62^12 ~ 2^71 names
constexpr int kAttempts = 100;          // names already taken (O_EXCL) before giving up

[[noreturn]] void fail(const std::string& what, int error = errno) {
  throw std::system_error(error, std::generic_category(), what);
}

// The random part of a temporary's name. getrandom() makes names unguessable, so nobody can occupy
// them in advance; where it fails (a kernel without it), the clock, the process id and a counter
// still make them unique. O_EXCL|O_NOFOLLOW keeps either case safe.
std::string random_chars() {
  unsigned char bytes[kNameChars];
  if (::getrandom(bytes, sizeof bytes, GRND_NONBLOCK) != static_cast<ssize_t>(sizeof bytes)) {
    static std::atomic<std::uint64_t> counter{0};
    timespec ts{};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    std::uint64_t x = static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u + static_cast<std::uint64_t>(ts.tv_nsec);
    x ^= (static_cast<std::uint64_t>(::getpid()) << 40) ^ (counter++ * 0x9E3779B97F4A7C15u);
    for (unsigned char& b : bytes) {
      x = x * 6364136223846793005u + 1442695040888963407u;  // a 64-bit LCG step; its top byte
      b = static_cast<unsigned char>(x >> 56);
    }
  }
  static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string s;
  for (unsigned char b : bytes) s += kAlphabet[b % 62];
  return s;
}

}  // namespace

AtomicFile::AtomicFile(const std::string& path) : path_(path) {
  if (path.empty()) fail("cannot write to ''", ENOENT);
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) fail("cannot write to '" + path + "'", EISDIR);
  if (writes_in_place(path)) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) fail("cannot open '" + path + "'");
    return;
  }
  // mkstemp() would create the file with mode 0600, and reading the umask to widen it is not
  // thread-safe (umask() sets it): open() with 0666 applies the umask (and default ACLs) itself.
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    std::string temp = path + ".part-" + random_chars();
    fd_ = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd_ >= 0) {
      temp_ = std::move(temp);
      return;
    }
    if (errno != EEXIST) break;
  }
  fail("cannot create a temporary file beside '" + path + "'");
}

bool AtomicFile::writes_in_place(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFile::write(const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd_, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("writing '" + path_ + "'");
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

void AtomicFile::commit() {
  // On disk before the rename, so that after a crash the name holds the old file or the whole new one.
  if (!temp_.empty() && ::fsync(fd_) != 0) fail("writing '" + path_ + "' to disk");
  const int rc = ::close(fd_);
  fd_ = -1;
  if (rc != 0) fail("closing '" + path_ + "'");
  if (!temp_.empty() && std::rename(temp_.c_str(), path_.c_str()) != 0) {
    fail("renaming '" + temp_ + "' to '" + path_ + "'");
  }
  committed_ = true;
}

}  // namespace gpurng::support
