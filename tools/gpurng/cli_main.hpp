// The command-line driver shared by the two programs, gpurng and gpurng-gf2: the option rules of
// options.hpp, one-line errors on stderr, exit status 2 for bad arguments and 1 for other failures,
// and a check that standard output was really written.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace gpurng::cli {

struct Command {
  std::string name;
  // Registers the subcommand on the app and returns what runs it; command_line is the command as
  // typed (recorded in the JSON reports).
  std::function<std::function<int()>(CLI::App& app, const std::string& command_line)> add;
};

struct Program {
  std::string name;         // as in messages: "gpurng: error: ..."
  std::string description;  // the first lines of --help
  std::string footer;       // the last lines of --help
  std::vector<Command> commands;
};

// Parses argv as one of the program's commands and runs it; returns the exit status.
int run_program(const Program& program, int argc, char** argv);

}  // namespace gpurng::cli
