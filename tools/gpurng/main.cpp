// gpurng: generate random numbers from the command line, list engines and devices, benchmark and
// test them. The GF(2) toolkit's commands (equidist, dc, mtgpdc) are a separate program,
// gpurng-gf2, because they link NTL and its GPL gf2x, which the gpurng CLI must not (issue 20,
// THIRD_PARTY.md); 'gpurng dc ...' runs 'gpurng-gf2 dc ...' from gpurng's own directory.
#include <string>

#include "cli_main.hpp"
#include "commands.hpp"
#include "gf2_forward.hpp"

int main(int argc, char** argv) {
  if (argc > 1 && gpurng::cli::is_gf2_command(argv[1])) return gpurng::cli::run_gf2_program(argc, argv);
  using gpurng::cli::Command;
  const gpurng::cli::Program program{
      "gpurng",
      "gpurng: parallel random numbers on GPUs and CPUs, bit-identical on both.\n"
      "Run 'gpurng <command> --help' for a command's options.",
      "The GF(2) toolkit's commands equidist, dc and mtgpdc are the program gpurng-gf2 (it links NTL and\n"
      "gf2x, GPL): 'gpurng dc ...' runs 'gpurng-gf2 dc ...' when it is installed beside gpurng.\n"
      "Exit status: 0 success, 2 a bad argument (one line on stderr naming it), 1 any other failure.",
      {
          {"generate", [](CLI::App& app, const std::string&) { return gpurng::cli::add_generate_command(app); }},
          {"list", [](CLI::App& app, const std::string&) { return gpurng::cli::add_list_command(app); }},
          {"conformance", [](CLI::App& app, const std::string&) { return gpurng::cli::add_conformance_command(app); }},
          {"bench", gpurng::cli::add_bench_command},
          {"test", gpurng::cli::add_test_command},
      }};
  return gpurng::cli::run_program(program, argc, argv);
}
