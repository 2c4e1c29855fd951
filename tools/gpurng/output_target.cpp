#include "output_target.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <system_error>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli {

OutputTarget::OutputTarget(const std::string& path, std::string option) : option_(std::move(option)) {
  try {
    // No signal between a temporary's creation and its registration, so it is never left behind. Not
    // around an in-place open: a FIFO's waits for a reader, and Ctrl-C must still end that wait.
    std::optional<SignalsHeld> held;
    if (!support::AtomicFile::writes_in_place(path)) held.emplace();
    file_ = std::make_unique<support::AtomicFile>(path);
    if (!file_->temp_path().empty()) on_signal_ = std::make_unique<RemovedOnSignal>(file_->temp_path());
  } catch (const std::system_error& e) {
    throw Error(Status::io_error, option_ + ": " + e.what());
  }
}

OutputTarget OutputTarget::standard_output() { return OutputTarget(); }

void OutputTarget::write(const void* data, std::size_t size) {
  if (file_ == nullptr) {
    // Passed on at once, as a file's temporary is: a reader sees each row of dc/mtgpdc as it is found.
    if (size != 0 && (std::fwrite(data, 1, size, stdout) != size || std::fflush(stdout) != 0)) {
      throw Error(Status::io_error, std::string("writing standard output: ") + std::strerror(errno));
    }
    return;
  }
  try {
    file_->write(data, size);
  } catch (const std::system_error& e) {
    throw Error(Status::io_error, option_ + ": " + e.what());
  }
}

void OutputTarget::commit() {
  if (file_ == nullptr) {
    if (std::fflush(stdout) != 0) throw Error(Status::io_error, std::string("writing standard output: ") + std::strerror(errno));
    return;
  }
  try {
    file_->commit();
  } catch (const std::system_error& e) {
    throw Error(Status::io_error, option_ + ": " + e.what());
  }
}

bool OutputTarget::is_terminal() const { return file_ == nullptr && ::isatty(STDOUT_FILENO) != 0; }

}  // namespace gpurng::cli
