// The main() of the build-time generators in tools/: `<tool> <input> <output>` writes
// generate(input) to output. Any error (an exception from generate, a failed write) is printed with
// the tool's name, the output is removed so that the build cannot pick up a partial file, and the
// exit status is 1 (2 for a wrong command line).
#pragma once

#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <string>

namespace gpurng::tools {

template <class Generate>
int generator_main(int argc, char** argv, const char* tool, const char* arguments, Generate generate) {
  if (argc != 3) {
    std::cerr << "usage: " << tool << " " << arguments << "\n";
    return 2;
  }
  try {
    const std::string text = generate(std::string(argv[1]));
    std::ofstream out(argv[2], std::ios::binary);
    out << text;
    if (!out.flush()) {
      std::cerr << tool << ": " << argv[2] << ": cannot write\n";
      std::remove(argv[2]);
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << tool << ": " << e.what() << "\n";
    std::remove(argv[2]);
    return 1;
  }
  return 0;
}

}  // namespace gpurng::tools
