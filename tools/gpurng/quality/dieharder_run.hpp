// Runs Debian's dieharder on a stream of bytes fed to its standard input (`-g 200`,
// stdin_input_raw), reading its report as it comes: each result is parsed and announced on the
// progress stream while the battery runs.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "dieharder_parse.hpp"

namespace gpurng::cli::quality {

// The program's full path from PATH (or `name` itself when it contains a '/' and is executable);
// empty when there is none.
std::string find_program(const std::string& name);

struct DieharderRun {
  std::vector<DieharderResult> results;
  std::string version;  // from dieharder's banner, e.g. "3.31.1"
  std::uint64_t bytes_fed = 0;
  int exit_status = 0;  // dieharder's
  double seconds = 0;
};

// Fills buf with up to `capacity` bytes of the stream and returns how many; 0 ends the stream.
using ByteSource = std::function<std::size_t(unsigned char* buf, std::size_t capacity)>;

// Throws gpurng::Error(io_error) when the program cannot be started; rethrows what `source`
// throws (after dieharder has been stopped).
DieharderRun run_dieharder(const std::string& program, const std::vector<std::string>& args, const ByteSource& source,
                           std::FILE* progress);

}  // namespace gpurng::cli::quality
