// gpurng's commands that belong to the separate program gpurng-gf2 (see main.cpp).
#pragma once

#include <string>

namespace gpurng::cli {

// equidist, dc, mtgpdc.
bool is_gf2_command(const std::string& name);

// Replaces this process with gpurng-gf2 from the directory of the running gpurng, same arguments.
// Returns only on failure: 1, with one line on stderr saying what is missing.
int run_gf2_program(int argc, char** argv);

}  // namespace gpurng::cli
