// Runs gpurng-gf2 for the GF(2) toolkit's commands (see gf2_forward.hpp).
#include "gf2_forward.hpp"

#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <vector>

namespace gpurng::cli {

bool is_gf2_command(const std::string& name) { return name == "equidist" || name == "dc" || name == "mtgpdc"; }

int run_gf2_program(int argc, char** argv) {
  // The running program's own file, not argv[0] (which may be a bare name found on PATH).
  std::vector<char> self(PATH_MAX + 1, '\0');
  const ssize_t n = readlink("/proc/self/exe", self.data(), self.size() - 1);
  if (n <= 0) {
    std::fprintf(stderr, "gpurng: error: '%s' runs gpurng-gf2 beside gpurng, but gpurng cannot find its own path: %s\n",
                 argv[1], std::strerror(errno));
    return 1;
  }
  std::string path(self.data(), static_cast<std::size_t>(n));
  path = path.substr(0, path.rfind('/') + 1) + "gpurng-gf2";
  std::vector<char*> args(argv, argv + argc);
  args[0] = path.data();
  args.push_back(nullptr);
  std::fflush(stdout);
  execv(path.c_str(), args.data());
  const int err = errno;
  std::fprintf(stderr,
               "gpurng: error: '%s' is a command of the GF(2) toolkit, the separate program gpurng-gf2 (it links "
               "NTL and GPL gf2x), which could not be run from %s: %s\n",
               argv[1], path.c_str(), std::strerror(err));
  return 1;
}

}  // namespace gpurng::cli
