// Rules shared by the options of every gpurng command: an option that is given is used or refused
// (exit 2), never silently dropped. Written once here rather than per option, so that an option a
// command adds later follows them too.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace gpurng::cli {

// Applies the rules to every option of every subcommand of `app`; call it after the commands have
// added their options and before parsing:
//  * a value option refuses an empty value (`--seed ""`) with "--seed: empty value; expected: <its
//    help text>", so that no command can take an empty value for "not given";
//  * a flag refuses a value (`--json=yes`).
void apply_option_rules(CLI::App& app);

// `--seed=` with nothing after the '=': CLI11 would take the next argument (`--count`) as its
// value. Returns the error message for the first such argument of argv, or "" when there is none.
std::string empty_equals_value(const CLI::App& app, int argc, char** argv);

// Whether an option of a command was given on the command line, as CLI11 counted it: the commands
// ask this, never whether the option's text is empty.
struct Given {
  const CLI::App* cmd = nullptr;
  bool operator()(const std::string& option) const { return cmd->count(option) > 0; }
};

}  // namespace gpurng::cli
