// gpurng: generate random numbers from the command line, list engines and devices.
// Errors are one line on stderr; exit status 2 for bad arguments, 1 for other failures.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <exception>
#include <functional>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "gpurng/gpurng.hpp"
#include "options.hpp"

namespace {

int usage_error(const std::string& message) {
  std::fprintf(stderr, "gpurng: error: %s\n", message.c_str());
  return 2;
}

int run(int argc, char** argv) {
  CLI::App app{"gpurng: parallel random numbers on GPUs and CPUs, bit-identical on both.\n"
               "Run 'gpurng <command> --help' for a command's options."};
  app.footer("Exit status: 0 success, 2 a bad argument (one line on stderr naming it), 1 any other failure.");
  app.require_subcommand(1);
  app.set_version_flag("--version", "gpurng 0.1.0");
  std::function<int()> run_generate = gpurng::cli::add_generate_command(app);
  std::function<int()> run_list = gpurng::cli::add_list_command(app);
  // command_line: the exact command as typed, recorded in the benchmark's and the battery's JSON.
  std::string command_line = "gpurng";
  for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];
  // Commands besides generate and list: the report (issue 9) and the GF(2) toolkit (issue 7).
  const std::vector<std::pair<std::string, std::function<int()>>> more = {
      {"bench", gpurng::cli::add_bench_command(app, command_line)},
      {"test", gpurng::cli::add_test_command(app, command_line)},
      {"equidist", gpurng::cli::add_equidist_command(app)},
      {"dc", gpurng::cli::add_dc_command(app)},
      {"mtgpdc", gpurng::cli::add_mtgpdc_command(app)},
  };
  gpurng::cli::apply_option_rules(app);
  const std::string first = argc > 1 ? argv[1] : "";
  bool known = first == "generate" || first == "list";
  std::string names = "generate, list";
  for (const auto& c : more) {
    known = known || first == c.first;
    names += ", " + c.first;
  }
  if (!first.empty() && first[0] != '-' && !known) {
    return usage_error("unknown command '" + first + "'; commands: " + names);
  }
  // Before a command only --help and --version (alone) are options; CLI11 would say "A subcommand
  // is required" for the others and print the version whatever follows it.
  if (!first.empty() && first[0] == '-' && first != "-h" && first != "--help" && first != "--version") {
    return usage_error("unknown option " + first + "; run 'gpurng --help' for the commands");
  }
  if (first == "--version" && argc > 2) return usage_error(std::string("--version takes no other argument (got '") + argv[2] + "')");
  const std::string empty_equals = gpurng::cli::empty_equals_value(app, argc, argv);
  if (!empty_equals.empty()) return usage_error(empty_equals);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return usage_error(e.what());
  }
  try {
    if (app.got_subcommand("generate")) return run_generate();
    for (const auto& c : more) {
      if (app.got_subcommand(c.first)) return c.second();
    }
    return run_list();
  } catch (const gpurng::Error& e) {
    std::fprintf(stderr, "gpurng: error: %s\n", e.what());
    return e.status() == gpurng::Status::invalid_argument ? 2 : 1;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "gpurng: error: out of memory\n");
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpurng: error: %s\n", e.what());
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int status = run(argc, argv);
  // Whatever went to standard output (a table, --help, a list) must have arrived: a full disk or a
  // closed pipe is a failure, not a success with nothing written.
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    const int err = errno;
    if (status != 0) return status;  // the command failed already and said why
    std::fprintf(stderr, "gpurng: error: cannot write standard output%s%s\n", err != 0 ? ": " : "",
                 err != 0 ? std::strerror(err) : "");
    return 1;
  }
  return status;
}
