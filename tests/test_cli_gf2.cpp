// The GF(2) toolkit's subcommands run as a user runs them: equidist, dc and mtgpdc (--verify here;
// a created set loaded by the engine in test_gf2_created_sets.cpp and test_gf2_long.cpp): outputs, file
// formats, progress on stderr, --help, and one line on stderr for every bad argument.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "cli_runner.hpp"
#include "gf2/dc_csv.hpp"
#include "gf2/equidistribution.hpp"
#include "test_support.hpp"

namespace {

using gpurng::test::count_lines;
using gpurng::test::run_cli;

TEST(CliGf2, EquidistMt19937Table) {
  const auto r = run_cli({"equidist", "--engine", "mt19937"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.err, "");
  std::istringstream in(r.out);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "v k d");
  for (int v = 1; v <= 32; ++v) {
    std::getline(in, line);
    std::istringstream row(line);
    int vv, k, d;
    row >> vv >> k >> d;
    EXPECT_EQ(vv, v);
    EXPECT_EQ(k + d, 19937 / v);
    if (v == 3) EXPECT_EQ(d, 405);
    if (v == 7) EXPECT_EQ(d, 355);
  }
  std::getline(in, line);
  EXPECT_EQ(line, "total dimension defect: 6750");
  EXPECT_FALSE(std::getline(in, line));
}

TEST(CliGf2, EquidistJson) {
  const auto r = run_cli({"equidist", "--engine", "xorshift256", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(count_lines(r.out), 1);
  EXPECT_NE(r.out.find("\"engine\": \"xorshift256\""), std::string::npos);
  EXPECT_NE(r.out.find("{\"v\": 1, \"k\": 256, \"d\": 0}"), std::string::npos);
  EXPECT_NE(r.out.find("\"total_dimension_defect\": "), std::string::npos);
}

TEST(CliGf2, DcWritesSetsThatEquidistAndTheReaderTake) {
  const std::string path = gpurng::test::temp_path("dc521.csv");
  const auto r = run_cli({"dc", "--mexp", "521", "--word-size", "32", "--ids", "10-13", "--seed", "9", "--threads", "2",
                          "--out", path});
  ASSERT_EQ(r.rc, 0) << r.err;
  const std::vector<gpurng::gf2::DcParams> sets = gpurng::gf2::read_dc_sets(path);
  ASSERT_EQ(sets.size(), 4u);
  std::ifstream f(path);
  std::string header, row;
  std::getline(f, header);
  EXPECT_EQ(header,
            "id,w,p,n,m,r,aaa,wmask,umask,lmask,shift0_u,shift1_l,shiftB_s,shiftC_t,maskB_b,maskC_c,delta,weight,sha1,"
            "candidates,seconds");
  std::set<std::string> sha1s;
  for (int i = 0; i < 4; ++i) {
    std::getline(f, row);
    const auto fields = gpurng::test::split_csv_line(row);
    ASSERT_EQ(fields.size(), 21u);
    EXPECT_EQ(fields[0], std::to_string(10 + i));  // in ID order despite two threads
    EXPECT_EQ(sets[static_cast<std::size_t>(i)].aaa & 0xffffu, static_cast<std::uint32_t>(10 + i));
    sha1s.insert(fields[18]);
    // equidist on the row reports the Delta the creator wrote.
    const auto e = run_cli({"equidist", "--engine", "dcmt", "--param-file", path, "--param-set", std::to_string(i)});
    ASSERT_EQ(e.rc, 0) << e.err;
    EXPECT_NE(e.out.find("total dimension defect: " + fields[16] + "\n"), std::string::npos) << e.out;
  }
  EXPECT_EQ(sha1s.size(), 4u);
  std::remove(path.c_str());
}

TEST(CliGf2, DcReadsTheReferenceCreatorsFile) {
  const auto e = run_cli({"equidist", "--engine", "dcmt", "--param-file",
                          gpurng::test::data_path("dcmt/seed002_mt521_parameter_sets.csv"), "--param-set", "31"});
  ASSERT_EQ(e.rc, 0) << e.err;
  // The last of the seed's sets (aaa 0xd3873adf): k(17) = 19 of at most floor(521/17) = 30, Delta 107.
  EXPECT_NE(e.out.find("\n17 19 11\n"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("total dimension defect: 107\n"), std::string::npos) << e.out;
}

std::string mtgp_data(const std::string& name) { return std::string(GPURNG_DATA_DIR) + "/mtgp/" + name; }

TEST(CliGf2, EquidistMtgpTablesAndFiles) {
  const auto t1 = run_cli({"equidist", "--engine", "mtgp23209", "--param-set", "8"});
  ASSERT_EQ(t1.rc, 0) << t1.err;
  EXPECT_NE(t1.out.find("\n25 727 201\n"), std::string::npos);  // the paper's Table 1
  EXPECT_NE(t1.out.find("total dimension defect: 1141\n"), std::string::npos);
  const auto f = run_cli({"equidist", "--engine", "mtgp11213", "--param-file", mtgp_data("mtgp32_fast_params_11213.csv"),
                          "--param-set", "1"});
  ASSERT_EQ(f.rc, 0) << f.err;
  EXPECT_NE(f.out.find("total dimension defect: 723\n"), std::string::npos);  // the table's delta column
}

// The first `rows` sets of a table file, optionally with one SHA-1 digit changed in the last row.
std::string head_of(const std::string& file, int rows, bool tamper) {
  std::ifstream in(file);
  const std::string path = gpurng::test::temp_path("head.csv");
  std::ofstream out(path);
  std::string line;
  for (int i = 0; i <= rows && std::getline(in, line); ++i) {
    if (tamper && i == rows) line[line.size() - 1] = line.back() == '0' ? '1' : '0';
    out << line << '\n';
  }
  return path;
}

TEST(CliGf2, MtgpdcVerifiesReferenceSets) {
  const std::string good = head_of(mtgp_data("mtgp32dc_fast_params_11213.csv"), 3, false);
  const auto r = run_cli({"mtgpdc", "--mexp", "11213", "--verify", good, "--threads", "2"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(count_lines(r.out), 4);
  EXPECT_EQ(r.out.find(",NO\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n0,0,1,cbb03faa650dbd1c8cc2910087257ff86f23f218,665,1599,"), std::string::npos) << r.out;
  const std::string bad = head_of(mtgp_data("mtgp32dc_fast_params_11213.csv"), 2, true);
  const auto b = run_cli({"mtgpdc", "--mexp", "11213", "--verify", bad});
  EXPECT_EQ(b.rc, 1);
  EXPECT_NE(b.out.find(",NO\n"), std::string::npos) << b.out;
  std::remove(good.c_str());
  std::remove(bad.c_str());
}

TEST(CliGf2, GenerateTakesAnMtgpParamFile) {
  const auto a = run_cli({"generate", "--engine", "mtgp11213", "--param-file", mtgp_data("mtgp32_fast_params_11213.csv"),
                          "--param-set", "5", "--dist", "bits", "--count", "1000", "--backend", "cpu"});
  const auto b = run_cli({"generate", "--engine", "mtgp11213", "--param-set", "5", "--dist", "bits", "--count", "1000",
                          "--backend", "cpu"});
  ASSERT_EQ(a.rc, 0) << a.err;
  ASSERT_EQ(b.rc, 0) << b.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(count_lines(a.out), 1000);
}

// Progress goes to stderr only (stdout stays a clean CSV), and only when asked or on a terminal.
TEST(CliGf2, ProgressOnStderrCsvOnStdout) {
  ::setenv("GPURNG_PROGRESS_DELAY_MS", "0", 1);
  const auto r = run_cli({"dc", "--mexp", "521", "--ids", "0-1", "--out", "-", "--progress", "always"});
  const std::string good = head_of(mtgp_data("mtgp32dc_fast_params_11213.csv"), 2, false);
  const auto v = run_cli({"mtgpdc", "--mexp", "11213", "--verify", good, "--progress", "always"});
  ::unsetenv("GPURNG_PROGRESS_DELAY_MS");
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(count_lines(r.out), 3) << r.out;  // header + 2 rows
  EXPECT_EQ(r.out.rfind("id,w,p,", 0), 0u) << r.out;
  EXPECT_NE(r.err.find("100.00%  2 / 2 sets"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("elapsed"), std::string::npos) << r.err;
  ASSERT_EQ(v.rc, 0) << v.err;
  EXPECT_EQ(count_lines(v.out), 3) << v.out;
  EXPECT_NE(v.err.find("100.00%  2 / 2 sets"), std::string::npos) << v.err;
  const auto quiet = run_cli({"dc", "--mexp", "521", "--ids", "0", "--out", "-"});
  EXPECT_EQ(quiet.rc, 0);
  EXPECT_EQ(quiet.err, "") << "no progress when stderr is not a terminal";
  std::remove(good.c_str());
}

TEST(CliGf2, Help) {
  for (const char* cmd : {"equidist", "dc", "mtgpdc"}) {
    const auto r = run_cli({cmd, "--help"});
    EXPECT_EQ(r.rc, 0) << cmd;
    EXPECT_NE(r.out.find("Examples:"), std::string::npos) << cmd;
  }
  const auto top = run_cli({"--help"});
  EXPECT_NE(top.out.find("equidist"), std::string::npos);
  EXPECT_NE(top.out.find("dc"), std::string::npos);
}

struct BadCase {
  std::vector<std::string> args;
  std::string names;  // what the one line must mention
};

TEST(CliGf2, BadArgumentsGiveOneLine) {
  const std::string missing = gpurng::test::temp_path("missing.csv");
  const std::string bad_csv = gpurng::test::temp_path("bad.csv");
  {
    std::ofstream f(bad_csv);
    f << "n,m,r,aaa,wmask,umask,lmask,shift0_u,shift1_l,shiftB_s,shiftC_t,maskB_b,maskC_c\n17,8,23,zz,1,1,1,1,1,1,1,1,1\n";
  }
  const std::vector<BadCase> cases = {
      {{"equidist", "--engine", "mrg32k3a"}, "--engine"},
      {{"equidist", "--engine", "nonsense"}, "--engine"},
      {{"equidist", "--engine", "mt19937", "--param-set", "1"}, "--param-set"},
      {{"equidist", "--engine", "mt19937", "--param-set", "x"}, "--param-set"},
      {{"equidist", "--engine", "xorshift256", "--param-file", bad_csv}, "--param-file"},
      {{"equidist", "--engine", "dcmt"}, "--param-file"},
      {{"equidist", "--engine", "dcmt", "--param-file", missing}, "--param-file"},
      {{"equidist", "--engine", "dcmt", "--param-file", bad_csv}, "--param-file"},
      {{"equidist", "--engine", "dcmt", "--param-file", gpurng::test::data_path("dcmt/seed002_mt521_parameter_sets.csv"),
        "--param-set", "32"},
       "--param-set"},
      {{"equidist", "--bogus"}, "--bogus"},
      {{"dc", "--ids", "0-3"}, "--mexp"},
      {{"dc", "--mexp", "521"}, "--ids"},
      {{"dc", "--mexp", "520", "--ids", "0"}, "--mexp"},
      {{"dc", "--mexp", "521", "--word-size", "64", "--ids", "0"}, "--word-size"},
      {{"dc", "--mexp", "521", "--ids", "5-3"}, "--ids"},
      {{"dc", "--mexp", "521", "--ids", "0-65536"}, "--ids"},
      {{"dc", "--mexp", "521", "--ids", "-3"}, "--ids"},
      {{"dc", "--mexp", "521", "--ids", "a-b"}, "--ids"},
      {{"dc", "--mexp", "521", "--ids", "0", "--seed", "-1"}, "--seed"},
      {{"dc", "--mexp", "521", "--ids", "0", "--threads", "0"}, "--threads"},
      {{"dc", "--mexp", "521", "--ids", "0", "--out", "/nonexistent-dir/x.csv"}, "--out"},
      {{"dc", "--mexp", "521", "--ids", "0", "--progress", "often"}, "--progress"},
      {{"equidistt"}, "equidistt"},
      {{"equidist", "--engine", "mtgp11213", "--param-set", "128"}, "--param-set"},
      {{"equidist", "--engine", "mtgp23209", "--param-file", mtgp_data("mtgp32_fast_params_11213.csv")}, "--param-file"},
      {{"mtgpdc", "--ids", "0"}, "--mexp"},
      {{"mtgpdc", "--mexp", "19937", "--ids", "0"}, "--mexp"},
      {{"mtgpdc", "--mexp", "11213"}, "--ids"},
      {{"mtgpdc", "--mexp", "11213", "--ids", "0-4294967296"}, "--ids"},
      {{"mtgpdc", "--mexp", "11213", "--ids", "3-1"}, "--ids"},
      {{"mtgpdc", "--mexp", "11213", "--ids", "0", "--threads", "300"}, "--threads"},
      {{"mtgpdc", "--mexp", "11213", "--ids", "0", "--seed", "1.5"}, "--seed"},
      {{"mtgpdc", "--mexp", "11213", "--ids", "0", "--out", "/nonexistent-dir/x.csv"}, "--out"},
      {{"mtgpdc", "--mexp", "11213", "--verify", missing}, "--verify"},
      {{"mtgpdc", "--mexp", "11213", "--verify", bad_csv}, "--verify"},
      {{"mtgpdc", "--mexp", "23209", "--verify", mtgp_data("mtgp32_fast_params_11213.csv")}, "--verify"},
      {{"mtgpdc", "--mexp", "11213", "--verify", mtgp_data("mtgp32_fast_params_11213.csv"), "--ids", "0"}, "--ids"},
  };
  for (const BadCase& c : cases) {
    const auto r = run_cli(c.args);
    std::string shown;
    for (const auto& a : c.args) shown += a + " ";
    EXPECT_NE(r.rc, 0) << shown;
    EXPECT_EQ(count_lines(r.err), 1) << shown << ": " << r.err;
    EXPECT_NE(r.err.find(c.names), std::string::npos) << shown << ": " << r.err;
    EXPECT_EQ(r.err.rfind("gpurng: error: ", 0), 0u) << shown << ": " << r.err;
  }
  std::remove(bad_csv.c_str());
}

// Parameter files that are devices (issue 20): every reader refuses them at the line limit (or at the
// first malformed line) at once, where they used to fill memory without end; `timeout` bounds the run.
TEST(CliGf2, ParamFileReadersFailFastOnDevices) {
  const std::vector<std::vector<std::string>> commands = {
      {"generate", "--engine", "dcmt521", "--param-file", "/dev/zero", "--count", "2"},
      {"generate", "--engine", "dcmt521", "--param-file", "/dev/urandom", "--count", "2"},
      {"generate", "--engine", "mtgp11213", "--param-file", "/dev/zero", "--count", "2"},
      {"equidist", "--engine", "dcmt", "--param-file", "/dev/zero"},
      {"equidist", "--engine", "mtgp11213", "--param-file", "/dev/urandom"},
      {"mtgpdc", "--mexp", "11213", "--verify", "/dev/zero"},
  };
  for (const auto& args : commands) {
    const auto r = run_cli(args, "timeout 60 ");
    ASSERT_NO_FATAL_FAILURE(gpurng::test::expect_refused(r, 2, "gpurng: error: ", args[4], gpurng::test::shown_args(args)));
    if (args[4] == "/dev/zero") EXPECT_NE(r.err.find("line 1: longer than 65536 bytes"), std::string::npos) << r.err;
  }
}

// generate and equidist read Dynamic-Creator files with one parser and one CSV reader: they accept
// and refuse the same files (they disagreed on quotes, wmask, w, p and repeated columns), and both
// refuse a set without full period (twist word 0: degree 8), which generate ran and equidist measured.
TEST(CliGf2, GenerateAndEquidistAgreeOnParamFiles) {
  const std::string h = "n,m,r,aaa,wmask,umask,lmask,shift0_u,shift1_l,shiftB_s,shiftC_t,maskB_b,maskC_c";
  const std::string row = "17,8,23,0xcef725c0,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000";
  auto with = [&](const std::string& from, const std::string& to) {
    std::string r = row;
    return r.replace(r.find(from), from.size(), to);
  };
  const struct {
    std::string text;
    const char* refusal;  // nullptr: accepted
  } cases[] = {
      {h + "\n" + row + "\n", nullptr},
      {"\"n\",m,r,\"aaa\"" + h.substr(9) + "\r\n\"17\", 8 ,23," + row.substr(8) + "\r\n", nullptr},
      {h + "\n" + with("0xcef725c0", "\"0xcef725c0") + "\n", "unterminated quote"},
      {h + "\n" + with("0xcef725c0", "0xcef7\"25c0") + "\n", "a quote inside"},
      {h + ",aaa\n" + row + ",0x1\n", "names column 'aaa' twice"},
      {h + "\n" + with("0xffffffff", "0x7fffffff") + "\n", "wmask"},
      {"w," + h + "\n64," + row + "\n", "only w = 32"},
      {"p," + h + "\n607," + row + "\n", "column 'p'"},
      {h + "\n" + with("0xcef725c0", "0x00000000") + "\n", "not a full-period"},
  };
  for (const auto& c : cases) {
    const std::string path = gpurng::test::temp_path("agree.csv");
    std::ofstream(path) << c.text;
    const std::vector<std::vector<std::string>> commands = {
        {"generate", "--engine", "dcmt521", "--param-file", path, "--count", "1"},
        {"equidist", "--engine", "dcmt", "--param-file", path}};
    for (const auto& args : commands) {
      const auto r = run_cli(args);
      if (c.refusal == nullptr) {
        EXPECT_EQ(r.rc, 0) << c.text << "\n" << args[0] << ": " << r.err;
      } else {
        ASSERT_NO_FATAL_FAILURE(
            gpurng::test::expect_refused(r, 2, "gpurng: error: --param-file: ", c.refusal, args[0] + ":\n" + c.text));
      }
    }
    std::remove(path.c_str());
  }
}

}  // namespace
