// The subcommands of the gpurng tool. Each registers its options on the CLI11 app and runs.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

namespace gpurng::cli {

// Returns the function that runs the subcommand after parsing; it returns the exit status.
std::function<int()> add_generate_command(CLI::App& app);
std::function<int()> add_list_command(CLI::App& app);
// gpurng conformance (issue 26): tools/gpurng/cmd_conformance.cpp.
std::function<int()> add_conformance_command(CLI::App& app);
// The GF(2) toolkit (issue 7): tools/gpurng/cmd_equidist.cpp, cmd_dc.cpp, cmd_mtgpdc.cpp.
std::function<int()> add_equidist_command(CLI::App& app);
std::function<int()> add_dc_command(CLI::App& app);
std::function<int()> add_mtgpdc_command(CLI::App& app);
// command_line: the exact command as typed, recorded in the benchmark's JSON.
std::function<int()> add_bench_command(CLI::App& app, const std::string& command_line);
std::function<int()> add_test_command(CLI::App& app, const std::string& command_line);

}  // namespace gpurng::cli
