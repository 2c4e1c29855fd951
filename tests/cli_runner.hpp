// Runs the gpurng CLI as a user does (for the GF(2) toolkit's CLI tests): exit status, stdout, stderr.
#pragma once

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
  return ::testing::TempDir() + "gf2cli_" + std::to_string(::getpid()) + "_" + name;
}

// $GPURNG_CLI, else the build tree's gpurng.
inline std::string cli_path() {
  if (const char* env = std::getenv("GPURNG_CLI")) return env;
  return GPURNG_CLI;
}

inline CliResult run_cli(const std::vector<std::string>& args) {
  std::string cmd = "'" + cli_path() + "'";
  for (const std::string& a : args) cmd += " '" + a + "'";
  const std::string out = temp_path("stdout"), err = temp_path("stderr");
  const int status = std::system((cmd + " >" + out + " 2>" + err + " </dev/null").c_str());
  CliResult r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

inline int count_lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

}  // namespace gpurng::test
