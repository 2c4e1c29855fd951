#include "id_range.hpp"

#include "gpurng/gpurng.hpp"
#include "number_parsing.hpp"

namespace gpurng::cli {

IdRange parse_id_range(const std::string& text, const std::string& option, std::uint64_t max_id) {
  const std::string range = "[0, " + std::to_string(max_id) + "]";
  const std::size_t dash = text.find('-');
  IdRange r;
  if (dash == std::string::npos) {
    r.first = r.last = parse_u64(text, option);
  } else {
    if (dash == 0 || dash + 1 == text.size()) {
      throw Error(Status::invalid_argument, option + ": '" + text + "' is not A-B or A (IDs in " + range + ")");
    }
    r.first = parse_u64(text.substr(0, dash), option);
    r.last = parse_u64(text.substr(dash + 1), option);
  }
  if (r.first > r.last) throw Error(Status::invalid_argument, option + ": '" + text + "' has its first ID after its last");
  if (r.last > max_id) throw Error(Status::invalid_argument, option + ": '" + text + "' is out of range " + range);
  return r;
}

}  // namespace gpurng::cli
