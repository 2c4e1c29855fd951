// Runs the gpurng CLI (or another program of the project, e.g. gpurng_pi) as a user does (through
// the shell, stdin from /dev/null) and captures its exit status, stdout and stderr. The CLI is
// $GPURNG_CLI when set (a staged copy on another machine), else the build's (GPURNG_CLI, defined by
// tests/CMakeLists.txt). staged_program_path() also finds a program beside the test binary.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gpurng::test {

struct CliResult {
  int rc;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

inline std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "cli_" + std::to_string(::getpid()) + "_" + name;
}

#ifdef GPURNG_CLI  // tests of other programs (gpurng_pi) use run_program() alone
inline std::string cli_path() {
  const char* env = std::getenv("GPURNG_CLI");
  return env != nullptr && *env != '\0' ? env : GPURNG_CLI;
}
#endif

// A program: $<env_var> when set, else build_path when executable, else `name` beside this test
// binary (the staged .device/bin of scripts/gpu-stage.sh), else "" (the caller skips its test).
inline std::string staged_program_path(const char* env_var, const std::string& build_path, const std::string& name) {
  if (const char* env = std::getenv(env_var)) return env;
  if (::access(build_path.c_str(), X_OK) == 0) return build_path;
  char self[4096];
  const ssize_t len = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (len > 0) {
    std::string dir(self, static_cast<std::size_t>(len));
    dir = dir.substr(0, dir.rfind('/'));
    if (::access((dir + "/" + name).c_str(), X_OK) == 0) return dir + "/" + name;
  }
  return "";
}

// Runs `program` with the arguments (each single-quoted for the shell). env_prefix: e.g.
// "PATH=/nonexistent " to run it with another environment.
inline CliResult run_program(const std::string& program, const std::vector<std::string>& args,
                             const std::string& env_prefix = "") {
  std::string cmd = env_prefix + "'" + program + "'";
  for (const std::string& a : args) cmd += " '" + a + "'";
  const std::string out = temp_path("stdout"), err = temp_path("stderr");
  const int status = std::system((cmd + " >" + out + " 2>" + err + " </dev/null").c_str());
  CliResult r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

#ifdef GPURNG_CLI
// The CLI as staged_program_path() finds it ("" when absent: REQUIRE_CLI skips).
inline std::string staged_cli_path() { return staged_program_path("GPURNG_CLI", GPURNG_CLI, "gpurng"); }

// A test run where the CLI may be missing (a staged copy of the test binaries) skips, with a message.
#define REQUIRE_CLI()                            \
  if (::gpurng::test::staged_cli_path().empty()) \
  GTEST_SKIP() << "the gpurng CLI was not found (set GPURNG_CLI): CLI test not run"

inline CliResult run_cli(const std::vector<std::string>& args, const std::string& env_prefix = "") {
  return run_program(cli_path(), args, env_prefix);
}
#endif

// The lines of a CLI's output (without their newlines).
inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

inline std::size_t count_lines(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

// The arguments as one line, for failure messages.
inline std::string shown_args(const std::vector<std::string>& args) {
  std::string s;
  for (const std::string& a : args) s += a + " ";
  return s;
}

// A refused command line: exit status rc, nothing on stdout, exactly one line on stderr that starts
// with `prefix` (not checked when empty) and mentions `mention`. `shown` labels failures. Callers
// wrap it in ASSERT_NO_FATAL_FAILURE so that an empty stderr still ends the test.
inline void expect_refused(const CliResult& r, int rc, const std::string& prefix, const std::string& mention,
                           const std::string& shown) {
  EXPECT_EQ(r.rc, rc) << shown << "\n" << r.err;
  EXPECT_EQ(r.out, "") << shown;
  ASSERT_FALSE(r.err.empty()) << shown;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << shown << ": more than one line:\n" << r.err;
  if (!prefix.empty()) EXPECT_EQ(r.err.rfind(prefix, 0), 0u) << shown << ": " << r.err;
  EXPECT_NE(r.err.find(mention), std::string::npos) << shown << ": " << r.err;
}

#ifdef GPURNG_CLI
// A bad argument: exit status rc, exactly one line on stderr naming `option`, nothing on stdout.
inline void expect_one_line_error(const std::vector<std::string>& args, const std::string& option, int rc = 2,
                                  const std::string& env_prefix = "") {
  const CliResult r = run_cli(args, env_prefix);
  EXPECT_EQ(r.rc, rc) << r.err;
  EXPECT_EQ(count_lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find(option), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}
#endif

}  // namespace gpurng::test
