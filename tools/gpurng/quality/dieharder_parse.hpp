// Reading dieharder's report: one result per line of the form
//   "   diehard_birthdays|   0|       100|     100|0.83448560|  PASSED  "
// (test name, ntup, tsamples, psamples, p-value, assessment). Banner, header and comment lines are
// not results.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpurng::cli::quality {

struct DieharderResult {
  std::string test;
  int ntup = 0;
  long long tsamples = 0;
  long long psamples = 0;
  double p_value = 0;
  std::string assessment;  // PASSED, WEAK or FAILED
};

// The result on this line, or nothing when the line is not a result line.
std::optional<DieharderResult> parse_dieharder_line(const std::string& line);

struct DieharderTally {
  int passed = 0, weak = 0, failed = 0;
};
DieharderTally tally(const std::vector<DieharderResult>& results);

}  // namespace gpurng::cli::quality
