// Every file the CLI writes (generate/dc/mtgpdc --out, test/bench --json) appears under its name
// only when complete (issue 20): nothing planted at the names it used to write through is followed,
// a run that fails part-way or is ended by SIGINT/SIGTERM leaves an existing file as it was and no
// temporary behind, and a signal still ends the process with that signal.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "gpurng/gpurng.hpp"
#include "scratch_dir.hpp"

using gpurng::test::ScratchDir;
using Names = std::vector<std::string>;

namespace {

// Starts the CLI with args as an interactive shell would (SIGINT, SIGTERM, SIGHUP at their default
// action, none blocked), unable to make a file longer than file_limit bytes (a write past it fails
// with EFBIG, even for root). stdin and stdout are /dev/null; stderr goes to *err_fd (a pipe).
pid_t start_cli(const std::vector<std::string>& args, rlim_t file_limit, int* err_fd) {
  const std::string cli = gpurng::test::cli_path();
  std::vector<char*> argv{const_cast<char*>(cli.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_RDWR);
    ::dup2(null, 0);
    ::dup2(null, 1);
    ::dup2(fds[1], 2);
    rlimit limit{};
    ::getrlimit(RLIMIT_FSIZE, &limit);
    limit.rlim_cur = file_limit;
    ::setrlimit(RLIMIT_FSIZE, &limit);
    ::signal(SIGXFSZ, SIG_IGN);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::signal(sig, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  *err_fd = fds[0];
  return pid;
}

struct Finished {
  int status;  // as waitpid() gives it
  std::string err;
};

Finished finish(pid_t pid, int err_fd) {
  Finished f{0, ""};
  char buf[4096];
  for (ssize_t n; (n = ::read(err_fd, buf, sizeof buf)) > 0;) f.err.append(buf, static_cast<std::size_t>(n));
  ::close(err_fd);
  ::waitpid(pid, &f.status, 0);
  return f;
}

Finished run_limited(const std::vector<std::string>& args, rlim_t file_limit) {
  int err_fd = -1;
  const pid_t pid = start_cli(args, file_limit, &err_fd);
  return finish(pid, err_fd);
}

std::string bits_bytes(std::size_t n) {
  gpurng::Generator g(gpurng::Engine::mrg32k3a, gpurng::Backend::cpu);
  std::vector<std::uint32_t> v(n);
  g.generate_bits(v.data(), n);
  return std::string(reinterpret_cast<const char*>(v.data()), n * sizeof(std::uint32_t));
}

}  // namespace

// --out used to write through the fixed name "<out>.part": a symlink planted there redirected the
// numbers into the file it pointed at and then became <out>; another run's partial file there was
// overwritten.
TEST(CliFiles, NothingPlantedBesideTheOutputIsFollowedOrTouched) {
  REQUIRE_CLI();
  ScratchDir dir;
  dir.write("victim", "keep me");
  ASSERT_EQ(::symlink(dir.path("victim").c_str(), dir.path("f.part").c_str()), 0);
  dir.write("g.part", "another run's numbers");
  for (const char* name : {"f", "g"}) {
    const gpurng::test::CliResult r = gpurng::test::run_cli(
        {"generate", "--dist", "bits", "--count", "1000", "--format", "bin", "--backend", "cpu", "--out", dir.path(name)});
    ASSERT_EQ(r.rc, 0) << r.err;
    EXPECT_TRUE(dir.is_regular_file(name));
    EXPECT_TRUE(dir.read(name) == bits_bytes(1000)) << name << " does not hold the library's 1000 values";
  }
  EXPECT_EQ(dir.read("victim"), "keep me");
  EXPECT_EQ(dir.read("g.part"), "another run's numbers");
  EXPECT_EQ(dir.entries(), (Names{"f", "f.part", "g", "g.part", "victim"}));
}

// A run that fails after it has started writing keeps the old file and leaves no temporary: before,
// dc and mtgpdc wrote rows under the final name, and test and bench truncated --json at the start.
TEST(CliFiles, AFailedRunKeepsTheOldFileAndLeavesNothing) {
  REQUIRE_CLI();
  struct Case {
    std::vector<std::string> args;  // the file to write is appended
    rlim_t file_limit;              // bytes a file may reach: writes beyond fail
    std::string option;             // named by the error
  };
  const rlim_t unlimited = RLIM_INFINITY;
  const std::vector<Case> cases = {
      {{"generate", "--count", "100000", "--format", "bin", "--backend", "cpu", "--out"}, 65536, "--out"},
      // The failure comes part-way through the first row, written by one of two worker threads.
      {{"dc", "--mexp", "521", "--ids", "0-1", "--threads", "2", "--out"}, 200, "--out"},
      {{"mtgpdc", "--mexp", "11213", "--ids", "0", "--out"}, 0, "--out"},
      {{"bench", "--backend", "cpu", "--engines", "mrg32k3a", "--cpu-size", "2^12", "--runs", "1", "--json"}, 100, "--json"},
      // A battery program that reports nothing: the run fails, its JSON is not written.
      {{"test", "--engine", "mrg32k3a", "--dieharder", "true", "--json"}, unlimited, ""},
  };
  for (const Case& c : cases) {
    ScratchDir dir;
    dir.write("f", "the good old file");
    std::vector<std::string> args = c.args;
    args.push_back(dir.path("f"));
    const Finished r = run_limited(args, c.file_limit);
    const std::string shown = gpurng::test::shown_args(args);
    EXPECT_TRUE(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 1) << shown << " status " << r.status << "\n" << r.err;
    if (!c.option.empty()) {  // the last line of stderr (bench reports its progress there before)
      const std::size_t last = r.err.rfind('\n', r.err.size() - 2) + 1;  // 0 for a single line
      EXPECT_EQ(r.err.compare(last, std::string::npos, "gpurng: error: " + c.option + ": writing '" + dir.path("f") +
                                                           "': File too large\n"),
                0)
          << shown << "\n" << r.err;
    }
    EXPECT_EQ(dir.read("f"), "the good old file") << shown;
    EXPECT_EQ(dir.entries(), Names{"f"}) << shown;
  }
}

// Ctrl-C (or SIGTERM) during a long run: the temporary is removed, no file appears under the name
// (an existing one stays as it was), and the exit status is the signal's, as without the handler.
TEST(CliFiles, SignalsRemoveTheTemporary) {
  REQUIRE_CLI();
  for (const int sig : {SIGINT, SIGTERM}) {
    ScratchDir dir;
    if (sig == SIGTERM) dir.write("f", "the good old file");
    const Names before = dir.entries();
    // 2^34 values would take minutes; the limit (256 MiB) bounds the disk used even if the signal
    // were not acted on.
    int err_fd = -1;
    const pid_t pid = start_cli({"generate", "--count", "2^34", "--dist", "bits", "--format", "bin", "--backend", "cpu",
                                 "--out", dir.path("f")},
                                rlim_t{256} << 20, &err_fd);
    ASSERT_GT(pid, 0);
    bool exited = false;
    while (dir.entries() == before) {  // until the temporary exists
      int status = 0;
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        exited = true;
        break;
      }
      ::usleep(1000);
    }
    ASSERT_FALSE(exited) << "the CLI ended before it created its temporary";
    ASSERT_EQ(::kill(pid, sig), 0);
    const Finished r = finish(pid, err_fd);
    EXPECT_TRUE(WIFSIGNALED(r.status) && WTERMSIG(r.status) == sig) << "status " << r.status << "\n" << r.err;
    EXPECT_EQ(dir.entries(), before) << "signal " << sig;
    if (sig == SIGTERM) EXPECT_EQ(dir.read("f"), "the good old file");
  }
}
