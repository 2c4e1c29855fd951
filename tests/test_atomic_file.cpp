// support::AtomicFile, the one implementation of "replace a file safely" behind save_state and every
// file the CLI writes: the target holds the old file or the whole new one, never anything between;
// nothing planted beside it is followed; nothing is left behind.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>
#include <vector>

#include "atomic_file.hpp"
#include "scratch_dir.hpp"

using gpurng::support::AtomicFile;
using gpurng::test::FileSizeLimit;
using gpurng::test::ScratchDir;
using Names = std::vector<std::string>;

namespace {

int error_of(const std::string& path) {
  try {
    AtomicFile f(path);
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find("'" + path + "'"), std::string::npos) << e.what();
    return e.code().value();
  }
  return 0;
}

}  // namespace

TEST(AtomicFile, TheOldFileStaysUntilCommitThenTheNewOneTakesItsName) {
  ScratchDir dir;
  dir.write("f", "old");
  {
    AtomicFile f(dir.path("f"));
    f.write("new ", 4);
    f.write("content", 7);
    EXPECT_EQ(dir.read("f"), "old") << "the target changes only at commit()";
    const std::string temp = f.temp_path();
    ASSERT_EQ(temp.rfind(dir.path("f") + ".part-", 0), 0u) << temp;
    EXPECT_EQ(temp.size(), dir.path("f").size() + 6 + 12);
    EXPECT_EQ(dir.entries(), (Names{"f", temp.substr(temp.rfind('/') + 1)}));
    f.commit();
  }
  EXPECT_EQ(dir.read("f"), "new content");
  EXPECT_EQ(dir.entries(), Names{"f"});
}

TEST(AtomicFile, DroppedWithoutCommitLeavesNothingAndTheOldFileIntact) {
  ScratchDir dir;
  dir.write("f", "old");
  {
    AtomicFile f(dir.path("f"));
    f.write("partial", 7);
  }
  EXPECT_EQ(dir.read("f"), "old");
  EXPECT_EQ(dir.entries(), Names{"f"});
  {
    AtomicFile f(dir.path("new"));  // no old file: none appears
  }
  EXPECT_EQ(dir.entries(), Names{"f"});
}

// Two writers of one target never share a temporary, and what another run (or anyone) placed at
// the names the CLI and save_state used to use is neither followed nor touched.
TEST(AtomicFile, EachWriterHasItsOwnNewTemporary) {
  ScratchDir dir;
  dir.write("victim", "keep me");
  ASSERT_EQ(::symlink(dir.path("victim").c_str(), dir.path("f.part").c_str()), 0);
  ASSERT_EQ(::symlink(dir.path("victim").c_str(), dir.path("f.tmp").c_str()), 0);
  AtomicFile a(dir.path("f"));
  AtomicFile b(dir.path("f"));
  EXPECT_NE(a.temp_path(), b.temp_path());
  a.write("from a", 6);
  b.write("from b", 6);
  a.commit();
  EXPECT_EQ(dir.read("f"), "from a");
  b.commit();
  EXPECT_EQ(dir.read("f"), "from b") << "the later commit wins, whole";
  EXPECT_TRUE(dir.is_regular_file("f"));
  EXPECT_EQ(dir.read("victim"), "keep me");
  EXPECT_EQ(dir.entries(), (Names{"f", "f.part", "f.tmp", "victim"}));
}

TEST(AtomicFile, ModeIsThatOfANewFileUnderTheUmask) {
  ScratchDir dir;
  const mode_t previous = ::umask(027);
  {
    AtomicFile f(dir.path("f"));
    f.commit();
  }
  ::umask(previous);
  struct stat st {};
  ASSERT_EQ(::stat(dir.path("f").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u) << "0666 less the umask 027, not mkstemp's 0600";
}

TEST(AtomicFile, AFailedWriteLeavesTheOldFileAndNoTemporary) {
  ScratchDir dir;
  dir.write("f", "old");
  {
    AtomicFile f(dir.path("f"));
    const std::string block(4096, 'x');
    const FileSizeLimit limit(6000);
    f.write(block.data(), block.size());
    try {
      f.write(block.data(), block.size());  // past the limit, part-way through the call
      ADD_FAILURE() << "a write past the file-size limit succeeded";
    } catch (const std::system_error& e) {
      EXPECT_EQ(e.code().value(), EFBIG);
      EXPECT_NE(std::string(e.what()).find("writing '" + dir.path("f") + "'"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(dir.read("f"), "old");
  EXPECT_EQ(dir.entries(), Names{"f"});
}

TEST(AtomicFile, ErrorsNameThePath) {
  ScratchDir dir;
  EXPECT_EQ(error_of(dir.path("missing/f")), ENOENT);
  EXPECT_EQ(error_of(dir.path("")), EISDIR) << "a directory is refused";
  dir.write("file", "x");
  EXPECT_EQ(error_of(dir.path("file/f")), ENOTDIR);
  EXPECT_EQ(error_of(""), ENOENT);
  EXPECT_EQ(dir.entries(), Names{"file"});
}

// A device is written in place: renaming a file over /dev/null would replace the node (as root).
TEST(AtomicFile, DevicesAreWrittenInPlace) {
  struct stat st {};
  if (::stat("/dev/null", &st) != 0 || !S_ISCHR(st.st_mode)) {
    GTEST_SKIP() << "/dev/null is not a character device on this machine: in-place writing not tested";
  }
  AtomicFile f("/dev/null");
  EXPECT_EQ(f.temp_path(), "");
  f.write("x", 1);
  f.commit();
  ASSERT_EQ(::stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}
