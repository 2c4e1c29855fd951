// gpurng mtgpdc: MTGP parameter sets with a 32-bit ID embedded (tools/gf2/mtgpdc_search.hpp), in
// the columns of the library's MTGP tables so that the engines load them with --param-file; and
// --verify, which recomputes the identity of every set of such a file.
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
#include "gf2/mtgp_csv.hpp"
#include "gf2/mtgpdc_search.hpp"
#include "gpurng/gpurng.hpp"
#include "heartbeat.hpp"
#include "id_range.hpp"
#include "number_parsing.hpp"
#include "options.hpp"
#include "output_target.hpp"
#include "progress.hpp"

namespace gpurng::cli {
namespace {

struct MtgpdcOptions {
  std::string mexp;
  std::string ids;
  std::string seed = "1";
  std::string out = "-";
  std::string threads = "1";
  std::string progress = "auto";
  std::string verify;
  Given given;  // whether an option was given (an empty value is refused when parsing)
};

std::uint32_t parse_mexp(const std::string& text) {
  const std::uint64_t p = parse_u64(text, "--mexp");
  for (std::uint32_t e : gf2::mtgpdc_exponents()) {
    if (p == e) return e;
  }
  throw Error(Status::invalid_argument, "--mexp: " + text + " is not one of 11213, 23209, 44497");
}

unsigned parse_threads(const std::string& text) {
  const std::uint64_t t = parse_u64(text, "--threads");
  if (t < 1 || t > 256) throw Error(Status::invalid_argument, "--threads: " + text + " is out of range [1, 256]");
  return static_cast<unsigned>(t);
}

bool show_progress(const MtgpdcOptions& o) { return o.progress == "always" || (o.progress == "auto" && stderr_is_terminal()); }

// --verify FILE: one line per set, then a summary; exit 1 if any set fails.
int verify(const MtgpdcOptions& o, std::uint32_t mexp, unsigned threads) {
  if (o.given("--ids")) throw Error(Status::invalid_argument, "--ids: not used with --verify (every set of the file is checked)");
  for (const char* unused : {"--seed", "--out"}) {
    if (o.given(unused)) {
      throw Error(Status::invalid_argument, std::string(unused) + ": not used with --verify (the report goes to standard output)");
    }
  }
  std::vector<gf2::MtgpCheck> checks;
  std::unique_ptr<Progress> progress;
  try {
    checks = gf2::verify_mtgp_file(o.verify, mexp, threads, [&](std::size_t done, std::size_t total) {
      if (!progress) progress = std::make_unique<Progress>(total, show_progress(o), "sets");
      progress->update(done);
    });
  } catch (const std::invalid_argument& e) {
    throw Error(Status::invalid_argument, std::string("--verify: ") + e.what());
  } catch (const std::runtime_error& e) {  // the file cannot be read
    throw Error(Status::io_error, std::string("--verify: ") + e.what());
  }
  if (progress) progress->finish();
  int failed = 0;
  fmt::print("index,label_no,irreducible,poly_sha1,weight,delta,file_poly_sha1,file_weight,file_delta,ok\n");
  for (const gf2::MtgpCheck& c : checks) {
    fmt::print("{},{},{},{},{},{},{},{},{},{}\n", c.index, c.label, c.irreducible ? 1 : 0, c.sha1, c.weight, c.delta,
               c.file_sha1, c.file_weight, c.file_delta, c.ok ? "yes" : "NO");
    failed += c.ok ? 0 : 1;
  }
  std::fprintf(stderr, "gpurng: mtgpdc: %zu sets checked, %d failed\n", checks.size(), failed);
  return failed == 0 ? 0 : 1;
}

int run(const MtgpdcOptions& o) {
  const std::uint32_t mexp = parse_mexp(o.mexp);
  const unsigned threads = parse_threads(o.threads);
  if (o.given("--verify")) return verify(o, mexp, threads);
  if (!o.given("--ids")) throw Error(Status::invalid_argument, "--ids: required (or --verify FILE)");
  const IdRange ids = parse_id_range(o.ids, "--ids", 0xffffffffu);
  const std::uint64_t seed = parse_u64(o.seed, "--seed");
  const gf2::MtgpCreator creator(mexp);

  // The file takes its name only when every ID is done: an interrupted or failed run leaves an
  // existing file of that name as it was.
  OutputTarget out = o.out == "-" ? OutputTarget::standard_output() : OutputTarget(o.out, "--out");
  std::ostringstream header;
  gf2::write_mtgp_header(header);
  out.write(header.str());

  Progress progress(ids.count(), show_progress(o), "sets");
  std::mutex lock;
  std::atomic<std::uint64_t> next{ids.first};
  std::map<std::uint64_t, gf2::MtgpSet> done;
  std::uint64_t to_write = ids.first, finished = 0;
  std::exception_ptr write_error;  // the first failed write: no more IDs are taken, run() throws it
  auto work = [&] {
    for (std::uint64_t id = next++; id <= ids.last; id = next++) {
      gf2::MtgpSet set = creator.create(static_cast<std::uint32_t>(id), seed);
      std::lock_guard<std::mutex> guard(lock);
      done.emplace(id, std::move(set));
      std::ostringstream rows;
      for (auto it = done.find(to_write); it != done.end(); it = done.find(to_write)) {
        gf2::write_mtgp_row(rows, to_write - ids.first, it->second);
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
  Heartbeat beat(show_progress(o), [&] {
    std::lock_guard<std::mutex> guard(lock);
    progress.update(finished);
  });
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  beat.stop();
  progress.finish();
  if (write_error) std::rethrow_exception(write_error);
  out.commit();
  return 0;
}

}  // namespace

std::function<int()> add_mtgpdc_command(CLI::App& app) {
  auto o = std::make_shared<MtgpdcOptions>();
  CLI::App* cmd = app.add_subcommand("mtgpdc", "MTGPDC: 32-bit MTGP parameter sets with a 32-bit ID embedded (CSV of the MTGP tables)");
  o->given = Given{cmd};
  cmd->footer(
      "The ID is embedded in the recursion matrix R (its 16 MSBs in the first row, its 16 LSBs in bits 19..4 of the\n"
      "second), sh1 = 13, sh2 = 4, pos random in (2, N - R); a characteristic polynomial of degree p that is\n"
      "irreducible (period 2^p - 1), then the tempering table by the dimensions of equidistribution (23 MSBs, then\n"
      "9 LSBs). Columns: those of data/mtgp/*.csv (docs/TOOLS.md); the MTGP engine of the same exponent loads the\n"
      "file: gpurng generate --engine mtgp11213 --param-file F.csv --param-set i.\n"
      "--verify F.csv recomputes every set's characteristic polynomial (SHA-1, weight, irreducibility) and total\n"
      "dimension defect and compares them with the file's columns.\n"
      "Examples:\n"
      "  gpurng mtgpdc --mexp 11213 --ids 0-3 --threads 2 --out mtgp11213_sets.csv\n"
      "  gpurng mtgpdc --mexp 11213 --verify data/mtgp/mtgp32dc_fast_params_11213.csv --threads 2");
  cmd->add_option("--mexp", o->mexp, "Mersenne exponent: 11213 | 23209 | 44497")->required();
  cmd->add_option("--ids", o->ids, "IDs A-B (or one ID A), 0 <= A <= B <= 2^32-1");
  cmd->add_option("--seed", o->seed, "Seed of the random choices")->capture_default_str();
  cmd->add_option("--out", o->out, "Output CSV file, or - for standard output")->capture_default_str();
  cmd->add_option("--threads", o->threads, "Sets searched (or verified) in parallel")->capture_default_str();
  cmd->add_option("--verify", o->verify, "Check every set of an MTGP table file instead of creating sets");
  cmd->add_option("--progress", o->progress, "auto (when stderr is a terminal) | always | never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  return [o] { return run(*o); };
}

}  // namespace gpurng::cli
