#!/usr/bin/env python3
"""Tests of tools/bench_summary.py and tools/plot_bench.py on tests/data/bench/synthetic_bench.json
(a synthetic fixture: made-up numbers, labelled as such in its device and CPU names), and of
tools/plot_quality.py with the built CLI.

    test_bench_tools.py summary|plot|quality REPO_ROOT [GPURNG_CLI]
Exit 0: passed; 77: skipped (plots without matplotlib); anything else: failed.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = None
FIXTURE = None
CLI = None


def run(script, *args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", script), *args], capture_output=True, text=True)


class Summary(unittest.TestCase):
    def doc(self, tmp, text):
        path = os.path.join(tmp, "PERFORMANCE.md")
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_replaces_only_the_marked_section_and_is_idempotent(self):
        with tempfile.TemporaryDirectory() as tmp:
            before = "# Performance\n\nhand-written intro\n\n"
            after = "\n\n## MRG32k3a (issue 2)\n\nhand-written table\n"
            path = self.doc(tmp, before + "<!-- gpurng-bench-summary:begin -->\nold\n<!-- gpurng-bench-summary:end -->" +
                            after)
            r = run("bench_summary.py", FIXTURE, "--doc", path)
            self.assertEqual(r.returncode, 0, r.stderr)
            text = open(path).read()
            self.assertTrue(text.startswith(before))
            self.assertTrue(text.endswith(after))
            self.assertNotIn("\nold\n", text)
            self.assertEqual(text.count("<!-- gpurng-bench-summary:begin -->"), 1)
            for want in ["SYNTHETIC GPU (test fixture, not a measurement), driver 000.00, CUDA runtime 13.0",
                         "Command: `gpurng bench --json fixture.json`",
                         "| `mrg32k3a` | 100.0 · 1.25× · 13% |",  # 100 GS/s x 4 B over 3e12 B/s
                         "| `mt19937-64` | 110.0 · 29% |",        # 8-byte integers: 110e9 x 8 / 3e12
                         "| `mt19937-64` | 1.500 | **no** |",
                         "Target gpurng `mt19937` single-thread ≥ 1.5× `std::mt19937` (integers): 3.00×, met."]:
                self.assertIn(want, text)
            r = run("bench_summary.py", FIXTURE, "--doc", path)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(open(path).read(), text)

    def test_a_document_without_markers_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = self.doc(tmp, "# Performance\n")
            r = run("bench_summary.py", FIXTURE, "--doc", path)
            self.assertEqual(r.returncode, 1)
            self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
            self.assertIn("markers", r.stderr)
            self.assertEqual(open(path).read(), "# Performance\n")

    def test_a_file_that_is_not_a_bench_report_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "x.json")
            with open(bad, "w") as f:
                json.dump({"tool": "something else"}, f)
            for args in ([bad, "--stdout"], [os.path.join(tmp, "missing.json"), "--stdout"]):
                r = run("bench_summary.py", *args)
                self.assertEqual(r.returncode, 1)
                self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)

    def test_a_skipped_gpu_part_says_why(self):
        with tempfile.TemporaryDirectory() as tmp:
            report = json.load(open(FIXTURE))
            report["gpu"] = {"ran": False, "skipped_reason": "no CUDA device"}
            path = os.path.join(tmp, "cpu_only.json")
            json.dump(report, open(path, "w"))
            r = run("bench_summary.py", path, "--stdout")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("### GPU\n\nNot run: no CUDA device.", r.stdout)

    def test_gsl_is_mentioned_only_in_reports_with_gsl_rows(self):
        # `gpurng bench` measures no GSL generator since issue 20 (bench/bench_gsl_cpu.cpp does);
        # older reports, like the fixture, still have GSL rows.
        sentence = "GSL's from `gsl_rng_uniform`"
        r = run("bench_summary.py", FIXTURE, "--stdout")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(sentence, r.stdout)
        self.assertIn("| `gsl_rng_taus2` | gsl |", r.stdout)
        with tempfile.TemporaryDirectory() as tmp:
            report = json.load(open(FIXTURE))
            report["cpu"]["rows"] = [row for row in report["cpu"]["rows"] if row["library"] != "gsl"]
            path = os.path.join(tmp, "no_gsl.json")
            json.dump(report, open(path, "w"))
            r = run("bench_summary.py", path, "--stdout")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertNotIn("GSL", r.stdout)
            self.assertIn("come from `std::uniform_real_distribution<double>`.", r.stdout)


class QualityTables(unittest.TestCase):
    REPORT = ("#=====#\n        test_name   |ntup| tsamples |psamples|  p-value |Assessment\n"
              "   diehard_birthdays|   0|       100|     100|0.83448560|  PASSED  \n"
              "        diehard_runs|   0|    100000|     100|0.45520000|  PASSED  \n"
              "        diehard_runs|   0|    100000|     100|0.00040000|   WEAK   \n")

    def test_aligns_text_and_json_reports_by_test_and_occurrence(self):
        with tempfile.TemporaryDirectory() as tmp:
            txt = os.path.join(tmp, "a.txt")
            with open(txt, "w") as f:
                f.write(self.REPORT)
            js = os.path.join(tmp, "b.json")
            with open(js, "w") as f:
                json.dump({"results": [{"test": "diehard_birthdays", "ntup": 0, "tsamples": 100, "psamples": 100,
                                        "p_value": 0.0, "assessment": "FAILED"}]}, f)
            r = run("quality_tables.py", f"a={txt}", f"b={js}")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("- a: 3 results: 2 PASSED, 1 WEAK, 0 FAILED", r.stdout)
            self.assertIn("- b: 1 results: 0 PASSED, 0 WEAK, 1 FAILED", r.stdout)
            self.assertIn("| diehard_birthdays | 0 | 100 | 100 | PASSED 0.8345 | **FAILED** 0.0000 |", r.stdout)
            self.assertIn("| diehard_runs | 0 | 100000 | 100 | PASSED 0.4552 | not run |", r.stdout)
            self.assertIn("| diehard_runs | 0 | 100000 | 100 | **WEAK** 0.0004 | not run |", r.stdout)

    def test_bad_arguments(self):
        r = run("quality_tables.py", "no-equals-sign")
        self.assertEqual(r.returncode, 2)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)


class Plot(unittest.TestCase):
    def test_draws_three_png_charts(self):
        with tempfile.TemporaryDirectory() as tmp:
            r = run("plot_bench.py", FIXTURE, "--out", tmp)
            self.assertEqual(r.returncode, 0, r.stderr)
            for name in ("bench_gpu.png", "bench_latency.png", "bench_cpu.png"):
                with open(os.path.join(tmp, name), "rb") as f:
                    self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", name)

    def test_a_skipped_gpu_part_gives_a_labelled_placeholder(self):
        with tempfile.TemporaryDirectory() as tmp:
            report = json.load(open(FIXTURE))
            report["gpu"] = {"ran": False, "skipped_reason": "no CUDA device"}
            path = os.path.join(tmp, "cpu_only.json")
            json.dump(report, open(path, "w"))
            r = run("plot_bench.py", path, "--out", tmp)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertTrue(os.path.getsize(os.path.join(tmp, "bench_gpu.png")) > 0)


class QualityPictures(unittest.TestCase):
    def test_draws_histograms_and_the_sobol_scatter(self):
        with tempfile.TemporaryDirectory() as tmp:
            r = run("plot_quality.py", "--gpurng", CLI, "--out", tmp, "--engines", "kiss99", "--n", "20000")
            self.assertEqual(r.returncode, 0, r.stderr)
            for name in ("quality_hist_kiss99.png", "quality_sobol_2d.png"):
                with open(os.path.join(tmp, name), "rb") as f:
                    self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", name)

    def test_a_bad_engine_is_one_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            r = run("plot_quality.py", "--gpurng", CLI, "--out", tmp, "--engines", "nope", "--n", "100")
            self.assertEqual(r.returncode, 1)
            self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
            self.assertIn("nope", r.stderr)


if __name__ == "__main__":
    which, ROOT = sys.argv[1], sys.argv[2]
    CLI = sys.argv[3] if len(sys.argv) > 3 else None
    FIXTURE = os.path.join(ROOT, "tests", "data", "bench", "synthetic_bench.json")
    if which in ("plot", "quality"):
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print("matplotlib (Debian python3-matplotlib) is not installed: plot tests skipped")
            sys.exit(77)
    cases = {"summary": [Summary, QualityTables], "plot": [Plot], "quality": [QualityPictures]}[which]
    suite = unittest.TestSuite(unittest.defaultTestLoader.loadTestsFromTestCase(c) for c in cases)
    sys.exit(0 if unittest.TextTestRunner(verbosity=2).run(suite).wasSuccessful() else 1)
