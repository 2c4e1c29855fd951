// Runs the gpurng CLI as a user does (through the shell, stdin from /dev/null) and captures its
// exit status, stdout and stderr. The CLI is $GPURNG_CLI when set (a staged copy on another
// machine), else the build's (GPURNG_CLI, defined by tests/CMakeLists.txt).
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

inline std::string cli_path() {
  const char* env = std::getenv("GPURNG_CLI");
  return env != nullptr && *env != '\0' ? env : GPURNG_CLI;
}

// env_prefix: e.g. "PATH=/nonexistent " to run the CLI with another environment.
inline CliResult run_cli(const std::vector<std::string>& args, const std::string& env_prefix = "") {
  std::string cmd = env_prefix + "'" + cli_path() + "'";
  for (const std::string& a : args) cmd += " '" + a + "'";
  const std::string out = temp_path("stdout"), err = temp_path("stderr");
  const int status = std::system((cmd + " >" + out + " 2>" + err + " </dev/null").c_str());
  CliResult r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

inline std::size_t count_lines(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

// A bad argument: exit status rc, exactly one line on stderr naming `option`, nothing on stdout.
inline void expect_one_line_error(const std::vector<std::string>& args, const std::string& option, int rc = 2,
                                  const std::string& env_prefix = "") {
  const CliResult r = run_cli(args, env_prefix);
  EXPECT_EQ(r.rc, rc) << r.err;
  EXPECT_EQ(count_lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find(option), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

}  // namespace gpurng::test
