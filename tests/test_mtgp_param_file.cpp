// The MTGP engines' parameter files (param_file(), --param-file; src/families/mtgp/mtgp_param_file.cpp):
// the library's own tables read back from data/mtgp give the built-in sequences, the reference form
// (four basis words) too, state files carry a file's set, and every malformed file is rejected with
// the generator unchanged.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "families/mtgp/mtgp_param_file.hpp"
#include "families/mtgp/mtgp_param_tables.hpp"
#include "gpurng/gpurng.hpp"

namespace {

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::Status;
namespace tables = gpurng::detail::mtgp_tables;

std::string data_file(const std::string& name) { return std::string(GPURNG_DATA_DIR) + "/mtgp/" + name; }

std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path = ::testing::TempDir() + "mtgp_param_file_" + name;
  std::ofstream(path) << content;
  return path;
}

std::vector<std::uint32_t> bits32(Generator& g, std::size_t n) {
  std::vector<std::uint32_t> v(n);
  g.generate_bits(v.data(), n);
  return v;
}

// A table file from the built-in sets first..last of k32_fast_11213, in the fast or reference form.
std::string table_csv(std::uint32_t first, std::uint32_t last, bool reference_form) {
  std::ostringstream s;
  s << "label_no,delta,weight,mexp,pos,sh1,sh2";
  const int words = reference_form ? 4 : 16;
  for (int k = 0; k < words; ++k) s << ",tbl_" << k;
  for (int k = 0; k < words; ++k) s << ",tmp_tbl_" << k;
  s << ",mask,poly_sha1\n";
  for (std::uint32_t i = first; i <= last; ++i) {
    const auto& p = tables::k32_fast_11213.params[i];
    const auto& id = tables::k32_fast_11213.ids[i];
    s << id.label << ',' << id.delta << ',' << id.weight << ',' << p.mexp << ',' << p.pos << ',' << p.sh1 << ',' << p.sh2;
    for (int k = 0; k < words; ++k) s << ',' << p.tbl[reference_form ? 1 << k : k];
    for (int k = 0; k < words; ++k) s << ",0x" << std::hex << p.tmp_tbl[reference_form ? 1 << k : k] << std::dec;
    s << ',' << p.mask << ',' << id.poly_sha1 << '\n';
  }
  return s.str();
}

TEST(MtgpParamFile, ShippedTableFileGivesTheBuiltInSequences) {
  for (std::uint32_t set : {0u, 1u, 127u}) {
    Generator builtin(Engine::mtgp11213, Backend::cpu);
    builtin.param_set(set);
    Generator from_file(Engine::mtgp11213, Backend::cpu);
    from_file.param_file(data_file("mtgp32_fast_params_11213.csv"));
    from_file.param_set(set);
    EXPECT_EQ(bits32(from_file, 5000), bits32(builtin, 5000)) << set;
  }
  Generator g23209(Engine::mtgp23209, Backend::cpu);
  g23209.param_file(data_file("mtgp32_fast_params_23209.csv"));
  Generator b23209(Engine::mtgp23209, Backend::cpu);
  EXPECT_EQ(bits32(g23209, 3000), bits32(b23209, 3000));
  // 64-bit engines read their own tables too.
  Generator g64(Engine::mtgp64_23209, Backend::cpu), b64(Engine::mtgp64_23209, Backend::cpu);
  g64.param_file(data_file("mtgp64_fast_params_23209.csv"));
  g64.param_set(3);
  b64.param_set(3);
  std::vector<std::uint64_t> x(1000), y(1000);
  g64.generate_bits(x.data(), x.size());
  b64.generate_bits(y.data(), y.size());
  EXPECT_EQ(x, y);
}

TEST(MtgpParamFile, ReferenceFormAndSubsets) {
  const std::string fast = temp_file("fast.csv", table_csv(5, 7, false));
  const std::string ref = temp_file("ref.csv", table_csv(5, 7, true));
  Generator builtin(Engine::mtgp11213, Backend::cpu);
  builtin.param_set(6);
  const std::vector<std::uint32_t> want = bits32(builtin, 2000);
  for (const std::string& path : {fast, ref}) {
    Generator g(Engine::mtgp11213, Backend::cpu);
    g.param_file(path);
    g.param_set(1);  // row 1 of the file = built-in set 6
    EXPECT_EQ(bits32(g, 2000), want) << path;
    EXPECT_THROW(g.param_set(3), gpurng::Error);
  }
  std::remove(fast.c_str());
  std::remove(ref.c_str());
}

// Quoted fields, CRLF line ends, comments and blank lines are read as the dcmt reader and the tools
// read them (one CSV reader): the same set as the plain file.
TEST(MtgpParamFile, QuotedFieldsAndCrlfReadAsPlainOnes) {
  const std::string plain = table_csv(3, 3, false);
  std::string quoted = "# a comment\r\n\r\n";
  const std::size_t eol = plain.find('\n');
  quoted += plain.substr(0, eol) + "\r\n";
  std::string row = plain.substr(eol + 1);
  row.pop_back();
  std::size_t start = 0;
  for (std::size_t comma = row.find(','); ; comma = row.find(',', start)) {
    const std::string field = row.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    quoted += " \"" + field + "\" " + (comma == std::string::npos ? "\r\n" : ",");
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  const std::string a = temp_file("plain.csv", plain), b = temp_file("quoted.csv", quoted);
  Generator g(Engine::mtgp11213, Backend::cpu), h(Engine::mtgp11213, Backend::cpu);
  g.param_file(a);
  h.param_file(b);
  EXPECT_EQ(bits32(g, 2000), bits32(h, 2000));
  std::remove(a.c_str());
  std::remove(b.c_str());
}

TEST(MtgpParamFile, StateFileCarriesTheFilesSet) {
  const std::string path = temp_file("state.csv", table_csv(9, 10, false));
  Generator g(Engine::mtgp11213, Backend::cpu);
  g.param_file(path);
  g.param_set(1);
  g.seed(77);
  bits32(g, 1234);
  const std::vector<std::uint8_t> state = g.state_bytes();
  const std::vector<std::uint32_t> want = bits32(g, 3000);
  Generator h(Engine::mtgp11213, Backend::cpu);  // no parameter file
  h.restore_state_bytes(state.data(), state.size());
  EXPECT_EQ(bits32(h, 3000), want);
  // A built-in state restored into a generator with a file returns to the built-in table.
  Generator b(Engine::mtgp11213, Backend::cpu);
  b.param_set(2);
  const std::vector<std::uint8_t> builtin_state = b.state_bytes();
  g.restore_state_bytes(builtin_state.data(), builtin_state.size());
  EXPECT_EQ(bits32(g, 1000), bits32(b, 1000));
  std::remove(path.c_str());
}

TEST(MtgpParamFile, MalformedFilesAreRejectedAndLeaveTheGeneratorAsItWas) {
  const std::string good = table_csv(0, 0, false);
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const std::size_t at = s.find(from, s.find('\n'));
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
  };
  const auto& p0 = tables::k32_fast_11213.params[0];
  const struct {
    std::string name, content, mentions;
  } cases[] = {
      {"empty", "", "empty"},
      {"header only", good.substr(0, good.find('\n') + 1), "no parameter sets"},
      {"no mask column", [&] {
         std::string s = good;
         return s.replace(s.find(",mask,"), 6, ",maks,");
       }(), "'mask'"},
      {"other exponent", replaced(",11213,", ",23209,"), "mexp 23209"},
      {"pos too large", replaced("," + std::to_string(p0.pos) + ",", ",96,"), "pos 96"},
      {"pos too small", replaced("," + std::to_string(p0.pos) + ",", ",2,"), "pos 2"},
      {"mask", replaced("," + std::to_string(p0.mask) + ",", ",4294967295,"), "mask"},
      {"not linear", replaced("," + std::to_string(p0.tbl[3]) + ",", "," + std::to_string(p0.tbl[3] ^ 1u) + ","), "linear"},
      {"not a number", replaced("," + std::to_string(p0.sh1) + ",", ",x,"), "'sh1'"},
      {"bad sha1", replaced(tables::k32_fast_11213.ids[0].poly_sha1, "xyz"), "poly_sha1"},
      {"wrong weight", replaced("," + std::to_string(tables::k32_fast_11213.ids[0].weight) + ",", ",1000,"), "weight"},
      {"unterminated quote", replaced("," + std::to_string(p0.sh1) + ",", ",\"" + std::to_string(p0.sh1) + ","),
       "unterminated quote"},
      {"quote inside a field", replaced("," + std::to_string(p0.sh1) + ",", ",1\"2,"), "a quote inside"},
      {"duplicated column", [&] {
         std::string s = good;
         return s.replace(s.find("label_no,"), 9, "pos,");
       }(), "names column 'pos' twice"},
      {"short row", good + "1,2,3\n", "line 3: 3 fields"},
      {"endless line", std::string(70000, 'x'), "line 1: longer than 65536 bytes"},
  };
  Generator g(Engine::mtgp11213, Backend::cpu);
  g.param_set(4);
  Generator ref(Engine::mtgp11213, Backend::cpu);
  ref.param_set(4);
  for (const auto& c : cases) {
    const std::string path = temp_file("bad.csv", c.content);
    try {
      g.param_file(path);
      ADD_FAILURE() << c.name << ": accepted";
    } catch (const gpurng::Error& e) {
      EXPECT_EQ(e.status(), Status::invalid_argument) << c.name;
      EXPECT_NE(std::string(e.what()).find(c.mentions), std::string::npos) << c.name << ": " << e.what();
    }
    std::remove(path.c_str());
  }
  // /dev/zero fails at its first line's limit, and a file over the size limit before it is read (the
  // reader used to load a whole file before looking at its header).
  for (const std::string& big : {std::string("/dev/zero"), [] {
         const std::string path = temp_file("huge.csv", "");
         std::filesystem::resize_file(path, (std::uintmax_t{1} << 28) + 1);  // sparse: no disk used
         return path;
       }()}) {
    try {
      g.param_file(big);
      ADD_FAILURE() << big << ": accepted";
    } catch (const gpurng::Error& e) {
      EXPECT_EQ(e.status(), Status::invalid_argument) << big;
      EXPECT_NE(std::string(e.what()).find(big == "/dev/zero" ? "longer than 65536 bytes" : "larger than the 256 MiB"),
                std::string::npos)
          << e.what();
    }
    if (big != "/dev/zero") std::remove(big.c_str());
  }
  try {
    g.param_file("/nonexistent/mtgp.csv");
    ADD_FAILURE() << "missing file accepted";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), Status::io_error);
  }
  EXPECT_EQ(bits32(g, 1000), bits32(ref, 1000));  // still the built-in set 4
  Generator curand(Engine::mtgp11213_curand, Backend::cpu);
  try {
    curand.param_file(data_file("mtgp32dc_fast_params_11213.csv"));
    ADD_FAILURE() << "curand mode took a parameter file";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), Status::unsupported);
  }
}

}  // namespace
