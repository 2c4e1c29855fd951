// Writes the seed corpus of fuzz_state_decoder: one small valid state per engine and per kind of
// payload (seeded, seed array, streams, offsets, a parameter file's sets), as the library saves them,
// in the target's form (its engine's index in engines() and the payload; mrg32k3a's also whole).
//
//   fuzz_make_state_seeds <data directory> <output directory>
//
// fuzz/corpus/fuzz_state_decoder/ was written by it; run it again after a change of a payload format.
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"
#include "state_codec.hpp"

namespace {

using gpurng::Engine;
using gpurng::Generator;

struct Seed {
  std::string name;
  Engine engine;
  std::function<void(Generator&)> set;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: fuzz_make_state_seeds <data directory> <output directory>\n";
    return 2;
  }
  const std::string data = argv[1], out = argv[2];
  // A parameter file of a data file's header and first `rows` rows: a dcmt state carries its whole
  // family, so the default families (4096 and 1024 sets) would make large seeds.
  const std::string params = out + "/.params.csv";
  auto head = [&](const std::string& name, int rows) {
    std::ifstream in(data + "/" + name);
    std::ofstream f(params);
    std::string line;
    for (int i = 0; i <= rows && std::getline(in, line); ++i) f << line << "\n";
    return params;
  };
  std::vector<Seed> seeds;
  for (const gpurng::EngineInfo& e : gpurng::engines()) {
    if (e.engine == Engine::dcmt521 || e.engine == Engine::dcmt2203) continue;
    seeds.push_back({e.name, e.engine, [](Generator& g) {
                       g.seed(42);
                       g.offset(10);
                     }});
  }
  seeds.push_back({"mrg32k3a-stream", Engine::mrg32k3a, [](Generator& g) {
                     g.select_stream(3, 7);
                     g.offset(1001);
                   }});
  seeds.push_back({"mt19937-seed-array", Engine::mt19937, [](Generator& g) { g.seed_array({1, 2, 3}); }});
  seeds.push_back({"sobol32-owen", Engine::sobol32, [](Generator& g) {
                     g.dimensions(3);
                     g.scramble(gpurng::Scramble::owen);
                     g.offset(77);
                   }});
  seeds.push_back({"mwc-streams", Engine::mwc, [](Generator& g) {
                     g.streams(5);
                     g.select_stream(9);
                   }});
  seeds.push_back({"mtgp11213-param-file", Engine::mtgp11213, [&](Generator& g) {
                     g.param_file(head("mtgp/mtgp32_fast_params_11213.csv", 1));
                     g.offset(5000);
                   }});
  seeds.push_back({"dcmt521-param-file", Engine::dcmt521, [&](Generator& g) {
                     g.param_file(head("dcmt/dcmt521_reference_dc_sets.csv", 2));
                     g.streams(3);
                     g.offset(99);
                   }});
  seeds.push_back({"dcmt2203-param-file", Engine::dcmt2203, [&](Generator& g) {
                     g.param_file(head("dcmt/dcmt2203_reference_dc_sets.csv", 1));
                     g.seed_array({7});
                   }});
  const std::vector<gpurng::EngineInfo> engines = gpurng::engines();
  auto write = [&](const std::string& name, std::uint8_t selector, const std::vector<std::uint8_t>& bytes) {
    std::ofstream f(out + "/" + name, std::ios::binary);
    f.put(static_cast<char>(selector));
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  };
  for (const Seed& s : seeds) {
    Generator g(s.engine, gpurng::Backend::cpu);
    s.set(g);
    const std::vector<std::uint8_t> bytes = g.state_bytes();
    std::uint8_t index = 0;
    while (engines[index].engine != s.engine) ++index;
    write(s.name + ".payload", index, gpurng::detail::decode_state(bytes.data(), bytes.size()).payload);
    if (s.name == "mrg32k3a") write(s.name + ".state", 0x80, bytes);
  }
  std::remove(params.c_str());
  return 0;
}
