// A family of Dynamic-Creator parameter sets of one shape: the engine's default (the generated
// core/engines/dcmt_sets.hpp) or the sets of a parameter file (the CSV that `gpurng dc` writes), with
// their jump polynomials (built on first use). Families are immutable and shared: a generator, its
// state and its device copy refer to one by pointer, and its id keys every cache built from it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpurng/core/engines/dcmt.hpp"
#include "families/dcmt/dcmt_jump.hpp"

namespace gpurng::detail::dcmt {

// The shape an engine accepts: every set of its family must have this n, m and r.
struct ShapeInfo {
  const char* engine;  // "dcmt521"
  std::uint32_t n, m, r;
  std::uint32_t exponent() const { return 32u * n - r; }
};

// Parameter sets in one family: at least 1, at most this many.
inline constexpr std::size_t kMaxSets = std::size_t{1} << 20;

class Family {
 public:
  Family(std::vector<core::dcmt::Params> params, std::string origin);

  const std::vector<core::dcmt::Params>& params() const { return params_; }
  const std::vector<core::dcmt::Set>& sets() const { return sets_; }
  std::size_t size() const { return sets_.size(); }
  const std::string& origin() const { return origin_; }  // "default" or the file's path
  std::uint64_t id() const { return id_; }                // distinct for every family made
  const FamilyPolys& polys() const { return polys_; }

 private:
  std::vector<core::dcmt::Params> params_;
  std::vector<core::dcmt::Set> sets_;
  std::string origin_;
  std::uint64_t id_;
  FamilyPolys polys_;
};

// The full parameter set of a shape's set (wmask all ones, masks from r).
core::dcmt::Params params_of(const ShapeInfo& shape, const core::dcmt::Set& s);

// Checks one set against the shape and the creator's form (src/support/dcmt_param_csv.hpp); throws
// Error(invalid_argument) with `where` + the field at fault.
void check_set(const core::dcmt::Params& p, const ShapeInfo& shape, const std::string& where);

// Checks that every set's characteristic polynomial has degree p (jump/dcmt_jump.hpp), on all hardware
// threads; throws Error(invalid_argument) with `where` + the first set that has not.
void check_full_period(const std::vector<core::dcmt::Params>& params, const std::string& where);

// Reads a parameter file (docs/ENGINES.md, "Parameter files") with the one parser of them
// (src/support/dcmt_param_csv.hpp), then checks every set's period. Throws Error(io_error) when it
// cannot be read and Error(invalid_argument) naming the file, line and column of anything malformed
// or outside the engine's shape, a limit passed, or the first set without full period.
std::vector<core::dcmt::Params> read_param_file(const std::string& path, const ShapeInfo& shape);

}  // namespace gpurng::detail::dcmt
