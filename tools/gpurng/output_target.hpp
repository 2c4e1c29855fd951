// Where a command's output goes: standard output, or a file that appears under its name only when
// complete (support::AtomicFile: a unique temporary beside it, renamed by commit(); removed if the
// command fails, and by signal_cleanup.hpp if SIGINT, SIGTERM or SIGHUP ends it). An existing device,
// FIFO or socket (e.g. /dev/null) is written in place. Every file the CLI writes goes through here.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "atomic_file.hpp"
#include "signal_cleanup.hpp"

namespace gpurng::cli {

class OutputTarget {
 public:
  // A file; option (e.g. "--out", "--json") starts every error message. Throws gpurng::Error(io_error).
  OutputTarget(const std::string& path, std::string option);
  // Standard output (the "-" of --out).
  static OutputTarget standard_output();

  void write(const void* data, std::size_t size);
  void write(const std::string& text) { write(text.data(), text.size()); }
  // Complete: the file takes its name (or standard output is flushed). Without it the destructor
  // discards the temporary and an existing file of that name stays as it was.
  void commit();
  bool is_terminal() const;

 private:
  OutputTarget() = default;

  std::string option_;
  std::unique_ptr<RemovedOnSignal> on_signal_;  // declared before file_: unregistered after removal
  std::unique_ptr<support::AtomicFile> file_;   // null for standard output
};

}  // namespace gpurng::cli
