// The shared command-line driver (see cli_main.hpp).
#include "cli_main.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <utility>

#include "gpurng/gpurng.hpp"
#include "options.hpp"

namespace gpurng::cli {
namespace {

int usage_error(const Program& program, const std::string& message) {
  std::fprintf(stderr, "%s: error: %s\n", program.name.c_str(), message.c_str());
  return 2;
}

int run(const Program& program, int argc, char** argv) {
  CLI::App app{program.description};
  app.footer(program.footer);
  app.require_subcommand(1);
  app.set_version_flag("--version", program.name + " " GPURNG_CLI_VERSION);
  // command_line: the exact command as typed, recorded in the benchmark's and the battery's JSON.
  std::string command_line = program.name;
  for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];
  std::vector<std::pair<std::string, std::function<int()>>> commands;
  for (const Command& c : program.commands) commands.emplace_back(c.name, c.add(app, command_line));
  apply_option_rules(app);
  const std::string first = argc > 1 ? argv[1] : "";
  bool known = false;
  std::string names;
  for (const auto& c : commands) {
    known = known || first == c.first;
    names += (names.empty() ? "" : ", ") + c.first;
  }
  if (!first.empty() && first[0] != '-' && !known) {
    return usage_error(program, "unknown command '" + first + "'; commands: " + names);
  }
  // Before a command only --help and --version (alone) are options; CLI11 would say "A subcommand
  // is required" for the others and print the version whatever follows it.
  if (!first.empty() && first[0] == '-' && first != "-h" && first != "--help" && first != "--version") {
    return usage_error(program, "unknown option " + first + "; run '" + program.name + " --help' for the commands");
  }
  if (first == "--version" && argc > 2) {
    return usage_error(program, std::string("--version takes no other argument (got '") + argv[2] + "')");
  }
  const std::string empty_equals = empty_equals_value(app, argc, argv);
  if (!empty_equals.empty()) return usage_error(program, empty_equals);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return usage_error(program, e.what());
  }
  try {
    for (const auto& c : commands) {
      if (app.got_subcommand(c.first)) return c.second();
    }
    return usage_error(program, "a command is needed; commands: " + names);
  } catch (const gpurng::Error& e) {
    std::fprintf(stderr, "%s: error: %s\n", program.name.c_str(), e.what());
    return e.status() == gpurng::Status::invalid_argument ? 2 : 1;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "%s: error: out of memory\n", program.name.c_str());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", program.name.c_str(), e.what());
    return 1;
  }
}

}  // namespace

int run_program(const Program& program, int argc, char** argv) {
  const int status = run(program, argc, argv);
  // Whatever went to standard output (a table, --help, a list) must have arrived: a full disk or a
  // closed pipe is a failure, not a success with nothing written.
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    const int err = errno;
    if (status != 0) return status;  // the command failed already and said why
    std::fprintf(stderr, "%s: error: cannot write standard output%s%s\n", program.name.c_str(), err != 0 ? ": " : "",
                 err != 0 ? std::strerror(err) : "");
    return 1;
  }
  return status;
}

}  // namespace gpurng::cli
