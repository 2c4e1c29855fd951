// --ids A-B (or A): an inclusive range of parameter-set IDs for the creators.
#pragma once

#include <cstdint>
#include <string>

namespace gpurng::cli {

struct IdRange {
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  std::uint64_t count() const { return last - first + 1; }
};

// Throws gpurng::Error (invalid_argument) naming `option` unless first <= last <= max_id.
IdRange parse_id_range(const std::string& text, const std::string& option, std::uint64_t max_id);

}  // namespace gpurng::cli
