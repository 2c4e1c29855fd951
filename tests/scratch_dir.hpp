// Helpers for the tests of file replacement (issue 20): a fresh directory whose every entry a test
// can list (so that a leftover temporary shows), and a file-size limit that makes writes fail
// part-way (RLIMIT_FSIZE with SIGXFSZ ignored: write() then returns EFBIG), even for root.
#pragma once

#include <dirent.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gpurng::test {

class ScratchDir {
 public:
  ScratchDir() {
    std::string name = ::testing::TempDir() + "gpurng_scratch_XXXXXX";
    if (::mkdtemp(name.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed";
    dir_ = name;
  }
  ~ScratchDir() {
    for (const std::string& e : entries()) ::unlink(path(e).c_str());
    ::rmdir(dir_.c_str());
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  std::string path(const std::string& name) const { return dir_ + "/" + name; }

  // Every name in the directory, sorted ("." and ".." left out).
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    if (DIR* d = ::opendir(dir_.c_str())) {
      while (const dirent* e = ::readdir(d)) {
        const std::string n = e->d_name;
        if (n != "." && n != "..") names.push_back(n);
      }
      ::closedir(d);
    }
    std::sort(names.begin(), names.end());
    return names;
  }

  void write(const std::string& name, const std::string& content) const {
    std::ofstream(path(name), std::ios::binary) << content;
  }
  std::string read(const std::string& name) const {
    std::ifstream f(path(name), std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }
  bool is_regular_file(const std::string& name) const {
    struct stat st {};
    return ::lstat(path(name).c_str(), &st) == 0 && S_ISREG(st.st_mode);
  }

 private:
  std::string dir_;
};

// While it lives, this process cannot make a file longer than `bytes`.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    previous_handler_ = ::signal(SIGXFSZ, SIG_IGN);
    ::getrlimit(RLIMIT_FSIZE, &previous_);
    rlimit lower = previous_;
    lower.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &lower);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &previous_);
    ::signal(SIGXFSZ, previous_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit previous_{};
  sighandler_t previous_handler_;
};

}  // namespace gpurng::test
