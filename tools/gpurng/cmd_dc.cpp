// gpurng dc: Dynamic Creator parameter sets for Mersenne Twisters with 16-bit IDs
// (tools/gf2/dc_search.hpp), written as the CSV the dcmt engine reads (tools/gf2/dc_csv.hpp).
#include <fmt/format.h>

#include <atomic>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "commands.hpp"
#include "gf2/dc_csv.hpp"
#include "gf2/dc_search.hpp"
#include "gpurng/gpurng.hpp"
#include "heartbeat.hpp"
#include "id_range.hpp"
#include "number_parsing.hpp"
#include "output_target.hpp"
#include "progress.hpp"

namespace gpurng::cli {
namespace {

struct DcOptions {
  std::string mexp;
  std::string word_size = "32";
  std::string ids;
  std::string seed = "4172";
  std::string out = "-";
  std::string threads = "1";
  std::string progress = "auto";
};

int run(const DcOptions& o) {
  const std::uint64_t mexp = parse_u64(o.mexp, "--mexp");
  if (parse_u64(o.word_size, "--word-size") != 32) {
    throw Error(Status::invalid_argument, "--word-size: " + o.word_size + " is not supported; only 32");
  }
  std::unique_ptr<gf2::DynamicCreator> creator;
  try {
    if (mexp > 0xffffffffu) throw std::invalid_argument("Mersenne exponent " + o.mexp + " is not supported");
    creator = std::make_unique<gf2::DynamicCreator>(static_cast<std::uint32_t>(mexp));
  } catch (const std::invalid_argument& e) {
    throw Error(Status::invalid_argument, std::string("--mexp: ") + e.what());
  }
  const IdRange ids = parse_id_range(o.ids, "--ids", 0xffff);
  const std::uint64_t seed = parse_u64(o.seed, "--seed");
  const std::uint64_t threads = parse_u64(o.threads, "--threads");
  if (threads < 1 || threads > 256) throw Error(Status::invalid_argument, "--threads: " + o.threads + " is out of range [1, 256]");

  // The file takes its name only when every ID is done: an interrupted or failed run leaves an
  // existing file of that name as it was.
  OutputTarget out = o.out == "-" ? OutputTarget::standard_output() : OutputTarget(o.out, "--out");
  std::ostringstream header;
  gf2::write_dc_header(header);
  out.write(header.str());

  // Workers take IDs in turn; rows are written in ID order as soon as they are complete.
  const bool show = o.progress == "always" || (o.progress == "auto" && stderr_is_terminal());
  Progress progress(ids.count(), show, "sets");
  std::mutex lock;
  std::atomic<std::uint64_t> next{ids.first};
  std::map<std::uint64_t, std::unique_ptr<gf2::DcSet>> done;  // finished, not yet written (null: none found)
  std::uint64_t to_write = ids.first, finished = 0;
  std::vector<std::string> failures;
  std::exception_ptr write_error;  // the first failed write: no more IDs are taken, run() throws it
  auto work = [&] {
    for (std::uint64_t id = next++; id <= ids.last; id = next++) {
      std::unique_ptr<gf2::DcSet> set;
      std::string failure;
      try {
        set = std::make_unique<gf2::DcSet>(creator->create(static_cast<std::uint32_t>(id), seed));
      } catch (const gf2::NoParameterSet& e) {
        failure = e.what();
      }
      std::lock_guard<std::mutex> guard(lock);
      if (!failure.empty()) failures.push_back(failure);
      done[id] = std::move(set);
      std::ostringstream rows;
      for (auto it = done.find(to_write); it != done.end(); it = done.find(to_write)) {
        if (it->second) gf2::write_dc_row(rows, *it->second);
        done.erase(it);
        ++to_write;
      }
      try {
        if (!write_error) out.write(rows.str());
      } catch (const Error&) {
        write_error = std::current_exception();
        next = ids.last + 1;
      }
      progress.update(++finished);
    }
  };
  // One set can take minutes: redraw the line (elapsed time) once a second meanwhile.
  Heartbeat beat(show, [&] {
    std::lock_guard<std::mutex> guard(lock);
    progress.update(finished);
  });
  std::vector<std::thread> pool;
  for (std::uint64_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  beat.stop();
  progress.finish();
  if (write_error) std::rethrow_exception(write_error);
  out.commit();
  for (const std::string& f : failures) std::fprintf(stderr, "gpurng: dc: %s; no row written\n", f.c_str());
  return failures.empty() ? 0 : 1;
}

}  // namespace

std::function<int()> add_dc_command(CLI::App& app) {
  auto o = std::make_shared<DcOptions>();
  std::string exponents;
  for (std::uint32_t e : gf2::dc_exponents()) exponents += (exponents.empty() ? "" : ", ") + std::to_string(e);
  CLI::App* cmd = app.add_subcommand(
      "dc", "Dynamic Creator: Mersenne Twister parameter sets with a 16-bit ID embedded, one per ID (CSV)");
  cmd->footer(
      "Each set has the ID in the low 16 bits of its twist word (so distinct IDs give distinct, hence coprime,\n"
      "characteristic polynomials), an irreducible characteristic polynomial of degree p (period 2^p - 1),\n"
      "and tempering masks chosen to maximise k(v). Columns: docs/TOOLS.md; the dcmt engine reads the file\n"
      "with --param-file. An ID for which none of the 2^15 twist words works is reported on stderr (exit 1).\n"
      "Examples:\n"
      "  gpurng dc --mexp 521 --ids 0-4095 --threads 2 --out dcmt521.csv\n"
      "  gpurng dc --mexp 2203 --ids 7 --seed 1 --out -");
  cmd->add_option("--mexp", o->mexp, "Mersenne exponent p: " + exponents)->required();
  cmd->add_option("--word-size", o->word_size, "Word size w (32 only)")->capture_default_str();
  cmd->add_option("--ids", o->ids, "IDs A-B (or one ID A), 0 <= A <= B <= 65535")->required();
  cmd->add_option("--seed", o->seed, "Seed of the order in which twist words are tried")->capture_default_str();
  cmd->add_option("--out", o->out, "Output CSV file, or - for standard output")->capture_default_str();
  cmd->add_option("--threads", o->threads, "IDs searched in parallel")->capture_default_str();
  cmd->add_option("--progress", o->progress, "auto (when stderr is a terminal) | always | never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  return [o] { return run(*o); };
}

}  // namespace gpurng::cli
