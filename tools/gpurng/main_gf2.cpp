// gpurng-gf2: the GF(2) toolkit (issue 7): equidistribution by lattice reduction, and the Dynamic
// Creator and MTGP parameter searches. A program of its own because it links NTL and gf2x (GPL-2+):
// see THIRD_PARTY.md. Its messages say "gpurng" as the commands are also reached as 'gpurng dc ...'.
#include <string>

#include "cli_main.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  const gpurng::cli::Program program{
      "gpurng",
      "gpurng-gf2: the GF(2) toolkit of gpurng: equidistribution of linear generators, and the Dynamic\n"
      "Creator and MTGP parameter searches. Also run as 'gpurng <command>'.\n"
      "Run 'gpurng-gf2 <command> --help' for a command's options.",
      "Exit status: 0 success, 2 a bad argument (one line on stderr naming it), 1 any other failure.",
      {
          {"equidist", [](CLI::App& app, const std::string&) { return gpurng::cli::add_equidist_command(app); }},
          {"dc", [](CLI::App& app, const std::string&) { return gpurng::cli::add_dc_command(app); }},
          {"mtgpdc", [](CLI::App& app, const std::string&) { return gpurng::cli::add_mtgpdc_command(app); }},
      }};
  return gpurng::cli::run_program(program, argc, argv);
}
