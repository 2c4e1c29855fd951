#!/usr/bin/env python3
"""Forbidden-include check: keeps the layers of docs/ARCHITECTURE.md true (issue 21).

Scans every C/C++/CUDA source under include/, src/, tools/, bench/, examples/, scripts/exp/,
python/ and tests/ (not tests/data/) for `#include "..."` and `#include <gpurng/...>` lines, resolves each one as
the compiler would (the including file's directory, then the include roots its CMake target uses)
and enforces:

  1. include/gpurng/core/** includes only core/** headers and the standard library.
  2. include/gpurng/device/** includes only core/**, device/** and the standard library.
  3. the backends src/cpu/**, src/cuda/**, src/opencl/** never include the fronts (src/engines/**)
     nor src/engine_impl.hpp.
  4. nothing in src/ or include/ includes tools/, bench/, examples/, python/ or tests/ files.
  5. tools/, bench/, examples/, scripts/exp/ and python/ never include private src/ headers (tools/ and
     bench/ may use the headers of the internal targets src/support/, src/gf2x/ and src/families/, and
     bench/ the kernel templates of gpurng_cuda_kernels); bench/ and examples/ do not include each
     other's files.
  6. the family code src/families/** (plans, jump polynomials, parameter files, stream layouts) and
     the list of distributions src/distributions/** include neither the fronts (src/engines/**, src/engine_impl.hpp) nor the backends
     (src/cpu/**, src/cuda/**, src/opencl/**): both layers import it.
  7. one backend seam: outside src/cuda/, only src/backend_seam.hpp (and src/cuda_absent.cpp) test
     GPURNG_WITH_CUDA in the preprocessor.
  8. the OpenCL kernel sources (src/opencl/kernel_bodies.cpp, kernel_entries.cl, engine_list.hpp,
     kernel_args.hpp) include only include/gpurng/core/**, each other and the six standard headers that
     src/opencl/kernel_std/ stands in for: they are compiled for an OpenCL device.

Violations that exist today are listed in scripts/layer_allowlist.txt (`from -> to  # rule N`). The
check fails on a violation that is not in the allowlist and on an allowlist entry that no longer
occurs, so the list only shrinks.

  check_layers.py [--root DIR] [--allowlist FILE]      the check (exit 0 pass, 1 fail, 2 usage)
  check_layers.py --report                              also print every violation grouped by rule
  check_layers.py --print-allowlist                     print an allowlist of today's violations
  check_layers.py --expect-violations FILE              pass iff the violations are exactly FILE's
                                                        (non-empty; the self-test on a fixture tree)

Python 3 standard library only.
"""

import argparse
import os
import re
import sys

SCAN_DIRS = ["include", "src", "tools", "bench", "examples", "scripts/exp", "python", "tests"]
SKIP_DIRS = ["tests/data"]  # data and fixtures, not sources
SOURCE_EXTS = {".h", ".hh", ".hpp", ".hxx", ".c", ".cc", ".cpp", ".cxx", ".cu", ".cuh",
               ".inc", ".inl", ".ipp", ".tpp", ".cl"}

# Include roots each part of the tree compiles with, after the including file's own directory, in the
# order tried (from the target_include_directories calls in the CMakeLists and the internal targets
# linked; for scripts/exp/, whose probes are built by hand, also src/, so that a probe given -Isrc is
# still caught). An include that none of them holds is external (the standard library, a third-party
# or a generated header).
INCLUDE_ROOTS = {
    "include": ["include"],
    "src": ["include", "src", "src/support", "src/gf2x"],
    "tools": ["include", "tools/gpurng", "tools", "src/support", "src/gf2x", "src", "bench"],
    "bench": ["include", "bench", "src/support", "src", "tools/pi"],
    "examples": ["include"],
    "scripts/exp": ["include", "src"],
    "python": ["include", "python/src"],
    "tests": ["include", "tests", "src", "src/support", "src/gf2x", "tools/gpurng", "tools", "tools/pi"],
}

# Headers of internal (never installed) targets that tools/ and bench/ may use: the seam issue 21 asks
# for instead of adding src/ to their include path. src/families/ is gpurng_families: the families'
# backend-neutral host code (parameter tables, jump polynomials), e.g. the MTGP tables that
# gpurng-gf2's equidist checks and the build generator of the slot-start polynomials.
INTERNAL_TARGET_DIRS = ["src/support/", "src/gf2x/", "src/families/"]
# The kernel templates of gpurng_cuda_kernels that bench/ (only) may time on their own: launch shapes
# and variants the library picks for itself, which no public API can reach (CMakeLists.txt says which).
BENCH_KERNEL_HEADERS = ["src/cuda/mt19937_kernels.cuh", "src/cuda/mtgp_kernels.cuh"]

RULES = {
    1: "include/gpurng/core/ includes only core/ and the standard library",
    2: "include/gpurng/device/ includes only core/, device/ and the standard library",
    3: "backends (src/cpu/, src/cuda/, src/opencl/) never include the fronts (src/engines/) "
       "nor src/engine_impl.hpp",
    4: "src/ and include/ never include tools/, bench/, examples/, python/ or tests/",
    5: "tools/, bench/, examples/, scripts/exp/, python/ never include private src/ headers; "
       "bench/ and examples/ do not include each other's files",
    6: "src/families/ and src/distributions/ include neither the fronts (src/engines/, src/engine_impl.hpp) nor the backends "
       "(src/cpu/, src/cuda/, src/opencl/)",
    7: "the library chooses its backend in one place: outside the CUDA backend, only src/backend_seam.hpp "
       "compiles code in or out with #if GPURNG_WITH_CUDA",
    8: "the OpenCL kernel sources (src/opencl/kernel_*, engine_list.hpp) include only include/gpurng/core/, "
       "each other and the stand-ins of src/opencl/kernel_std/ for the six standard headers",
}

# Rule 8: what clang compiles for an OpenCL device (src/opencl/CMakeLists.txt): no host API, no
# standard library beyond the stand-ins, like the CUDA kernels' core/ but checked here because these
# files are not a CMake target's sources.
OPENCL_KERNEL_FILES = ["src/opencl/kernel_bodies.cpp", "src/opencl/kernel_entries.cl", "src/opencl/engine_list.hpp",
                       "src/opencl/kernel_args.hpp"]
OPENCL_STD_STANDINS = {"cstddef", "cstdint", "cstring", "cmath", "type_traits", "utility"}

# Rule 7: the files of src/ that may test GPURNG_WITH_CUDA in the preprocessor besides src/cuda/: the
# seam itself and the stand-in for the CUDA backend in builds without it.
SEAM_FILES = ["src/backend_seam.hpp", "src/cuda_absent.cpp"]
CUDA_CONDITIONAL_RE = re.compile(r'^[ \t]*#[ \t]*(?:if|ifdef|ifndef|elif)\b[^\n]*\bGPURNG_WITH_CUDA\b', re.MULTILINE)

BACKEND_DIRS = ["src/cpu/", "src/cuda/", "src/opencl/"]

# The C++17 (and later) standard library and the C library headers it carries.
STD_HEADERS = set("""
algorithm any array atomic barrier bit bitset cassert ccomplex cctype cerrno cfenv cfloat charconv
chrono cinttypes ciso646 climits clocale cmath codecvt compare complex concepts condition_variable
coroutine csetjmp csignal cstdalign cstdarg cstdbool cstddef cstdint cstdio cstdlib cstring ctgmath
ctime cuchar cwchar cwctype deque exception execution expected filesystem format forward_list
fstream functional future initializer_list iomanip ios iosfwd iostream istream iterator latch limits
list locale map memory memory_resource mutex new numbers numeric optional ostream queue random
ranges ratio regex scoped_allocator semaphore set shared_mutex source_location span sstream stack
stdexcept stop_token streambuf string string_view strstream syncstream system_error thread tuple
type_traits typeindex typeinfo unordered_map unordered_set utility valarray variant vector version
assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h locale.h math.h
setjmp.h signal.h stdalign.h stdarg.h stdbool.h stddef.h stdint.h stdio.h stdlib.h string.h tgmath.h
time.h uchar.h wchar.h wctype.h
""".split())

INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\n]+)[>"]', re.MULTILINE)


def strip_comments(text):
    """Blanks out comments (keeping newlines, so line numbers stay), skipping string literals."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^()\\ \n]{0,16})\(', text[i:])
            if m:
                end = text.find(")" + m.group(1) + '"', i + m.end())
                j = n if end < 0 else end + len(m.group(1)) + 2
                out.append(text[i:j])
                i = j
            else:
                out.append(c)
                i += 1
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            # An include line's "..." is a string literal too: keep it as is.
            out.append(text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def under(path, prefix):
    return path == prefix.rstrip("/") or path.startswith(prefix.rstrip("/") + "/")


class Tree:
    def __init__(self, root):
        self.root = os.path.abspath(root)

    def exists(self, rel):
        return os.path.isfile(os.path.join(self.root, rel))

    def sources(self):
        for top in SCAN_DIRS:
            base = os.path.join(self.root, top)
            if not os.path.isdir(base):
                continue
            for dirpath, dirnames, filenames in os.walk(base):
                rel_dir = os.path.relpath(dirpath, self.root).replace(os.sep, "/")
                dirnames[:] = sorted(d for d in dirnames if not d.startswith(".")
                                     and not any(under(rel_dir + "/" + d, s) for s in SKIP_DIRS))
                for f in sorted(filenames):
                    if os.path.splitext(f)[1] in SOURCE_EXTS:
                        yield rel_dir + "/" + f

    def area(self, rel):
        for top in sorted(INCLUDE_ROOTS, key=len, reverse=True):
            if under(rel, top):
                return top
        return None

    def resolve(self, rel, kind, name):
        """The tree path an include names, or None where it is external."""
        candidates = []
        if kind == '"':
            candidates.append(os.path.dirname(rel))
        candidates += INCLUDE_ROOTS[self.area(rel)]
        for base in candidates:
            path = os.path.normpath(os.path.join(base, name)).replace(os.sep, "/")
            if path.startswith("../"):
                continue
            if self.exists(path):
                return path
        if name.startswith("gpurng/"):
            # Generated public headers (build/generated/include/gpurng/...) belong to include/.
            return "include/" + name
        return None


def check_edge(src, target, kind, name):
    """The rules an include breaks. target is a tree path or None (external)."""
    rules = []
    if under(src, "include/gpurng/core"):
        if target is None:
            if kind == '"' or name not in STD_HEADERS:
                rules.append(1)
        elif not under(target, "include/gpurng/core"):
            rules.append(1)
    elif under(src, "include/gpurng/device"):
        if target is None:
            if kind == '"' or name not in STD_HEADERS:
                rules.append(2)
        elif not (under(target, "include/gpurng/core") or under(target, "include/gpurng/device")):
            rules.append(2)
    if src in OPENCL_KERNEL_FILES:
        if target is None:
            if kind == '"' or name not in OPENCL_STD_STANDINS:
                rules.append(8)
        elif not (under(target, "include/gpurng/core") or target in OPENCL_KERNEL_FILES):
            rules.append(8)
    if target is None:
        return rules
    if any(under(src, b) for b in BACKEND_DIRS):
        if under(target, "src/engines") or target == "src/engine_impl.hpp":
            rules.append(3)
    if under(src, "src/families") or under(src, "src/distributions"):
        if under(target, "src/engines") or target == "src/engine_impl.hpp" or \
                any(under(target, b) for b in BACKEND_DIRS):
            rules.append(6)
    if under(src, "src") or under(src, "include"):
        if any(under(target, d) for d in ("tools", "bench", "examples", "python", "tests")):
            rules.append(4)
    if any(under(src, d) for d in ("tools", "bench", "examples", "scripts/exp", "python")):
        internal_ok = (under(src, "tools") or under(src, "bench")) and \
            any(under(target, d) for d in INTERNAL_TARGET_DIRS)
        internal_ok = internal_ok or (under(src, "bench") and target in BENCH_KERNEL_HEADERS)
        if under(target, "src") and not internal_ok:
            rules.append(5)
        if (under(src, "bench") and under(target, "examples")) or \
                (under(src, "examples") and under(target, "bench")):
            rules.append(5)
    return rules


def scan(tree):
    """{(from, to, rule): [(line, spelling), ...]} for every violation in the tree."""
    found = {}
    for rel in tree.sources():
        try:
            with open(os.path.join(tree.root, rel), encoding="utf-8", errors="replace") as fh:
                text = strip_comments(fh.read())
        except OSError as e:
            print(f"check_layers: cannot read {rel}: {e}", file=sys.stderr)
            continue
        for m in INCLUDE_RE.finditer(text):
            kind, name = m.group(1), m.group(2).strip()
            if kind == "<" and not name.startswith("gpurng/") and not (
                    under(rel, "include/gpurng/core") or under(rel, "include/gpurng/device") or
                    rel in OPENCL_KERNEL_FILES):
                continue
            target = tree.resolve(rel, kind, name)
            line = text.count("\n", 0, m.start()) + 1
            spelled = f"<{name}>" if kind == "<" else f'"{name}"'
            shown = target if target is not None else spelled
            for rule in check_edge(rel, target, kind, name):
                found.setdefault((rel, shown, rule), []).append((line, spelled))
        if under(rel, "src") and not under(rel, "src/cuda") and rel not in SEAM_FILES:
            for m in CUDA_CONDITIONAL_RE.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.setdefault((rel, "GPURNG_WITH_CUDA", 7), []).append((line, m.group(0).strip()))
    return found


ALLOWLIST_HEADER = """\
# Forbidden includes that exist today: scripts/check_layers.py (CTest: layering_includes) fails on any
# violation of the layer rules that is not listed here AND on any line here that no longer occurs.
# This list exists only until issue 21's restructuring removes these includes, and it must only
# shrink: when a fix lands, delete its line; never add one (fix the include instead).
# Format: `from -> to  # rule N` (paths from the repository root; the rules are in
# docs/ARCHITECTURE.md, "Layers"). `python3 scripts/check_layers.py --report` lists the violations
# grouped by rule.
"""

LINE_RE = re.compile(r"^(\S+)\s+->\s+(\S+)\s+#\s*rule\s+(\d+)\s*$")


def read_list(path):
    entries, errors = set(), []
    with open(path, encoding="utf-8") as fh:
        for number, raw in enumerate(fh, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            m = LINE_RE.match(line)
            if not m or int(m.group(3)) not in RULES:
                errors.append(f"{path}:{number}: not `from -> to  # rule N`: {line}")
                continue
            key = (m.group(1), m.group(2), int(m.group(3)))
            if key in entries:
                errors.append(f"{path}:{number}: duplicate entry: {line}")
            entries.add(key)
    return entries, errors


def fmt(key):
    return f"{key[0]} -> {key[1]}  # rule {key[2]}"


def report(found, allowed):
    total = len(found)
    print(f"{total} forbidden include(s) in the tree, by rule:")
    for rule in sorted(RULES):
        keys = sorted(k for k in found if k[2] == rule)
        print(f"\nrule {rule}: {RULES[rule]} ({len(keys)})")
        for k in keys:
            where = ", ".join(f"line {ln}" for ln, _ in found[k])
            mark = "allowlisted" if k in allowed else "NEW"
            print(f"  {k[0]} -> {k[1]}  ({where}; {mark})")
    print()


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="Forbidden-include check for the gpurng layers.")
    ap.add_argument("--root", default=os.path.dirname(here), help="the source tree (default: this checkout)")
    ap.add_argument("--allowlist", help="the known violations (default: ROOT/scripts/layer_allowlist.txt, "
                                        "empty where absent)")
    ap.add_argument("--report", action="store_true", help="print every violation grouped by rule")
    ap.add_argument("--print-allowlist", action="store_true",
                    help="print the allowlist entries for the tree as it is now and exit")
    ap.add_argument("--expect-violations", metavar="FILE",
                    help="pass iff the tree's violations are exactly FILE's entries (and there are some)")
    args = ap.parse_args(argv)

    if not os.path.isdir(args.root):
        print(f"check_layers: no such directory: {args.root}", file=sys.stderr)
        return 2
    tree = Tree(args.root)
    found = scan(tree)

    if args.print_allowlist:
        print(ALLOWLIST_HEADER, end="")
        for rule in sorted(RULES):
            keys = sorted(k for k in found if k[2] == rule)
            if keys:
                print(f"\n# rule {rule}: {RULES[rule]}")
            for k in keys:
                print(fmt(k))
        return 0

    if args.expect_violations:
        expected, errors = read_list(args.expect_violations)
        for e in errors:
            print(e, file=sys.stderr)
        if args.report:
            report(found, expected)
        missing = sorted(expected - set(found), key=lambda k: (k[2], k))
        extra = sorted(set(found) - expected, key=lambda k: (k[2], k))
        for k in missing:
            print(f"expected but not detected: {fmt(k)}")
        for k in extra:
            print(f"detected but not expected: {fmt(k)}")
        ok = not errors and not missing and not extra and expected
        print(f"check_layers: {len(found)} violation(s) detected, {len(expected)} expected: "
              + ("as expected" if ok else "MISMATCH"))
        return 0 if ok else 1

    allow_path = args.allowlist
    if allow_path is None:
        allow_path = os.path.join(tree.root, "scripts", "layer_allowlist.txt")
        allowed, errors = read_list(allow_path) if os.path.isfile(allow_path) else (set(), [])
    elif not os.path.isfile(allow_path):
        print(f"check_layers: no such allowlist: {allow_path}", file=sys.stderr)
        return 2
    else:
        allowed, errors = read_list(allow_path)
    for e in errors:
        print(e)
    if args.report:
        report(found, allowed)

    new = sorted((k for k in found if k not in allowed), key=lambda k: (k[2], k))
    stale = sorted(allowed - set(found), key=lambda k: (k[2], k))
    for k in new:
        lines = ", ".join(f"line {ln}: {sp if k[2] == 7 else '#include ' + sp}" for ln, sp in found[k])
        print(f"forbidden {'backend choice' if k[2] == 7 else 'include'} (rule {k[2]}: {RULES[k[2]]}):\n  {k[0]} -> {k[1]}  ({lines})\n"
              f"  not in the allowlist {os.path.relpath(allow_path, tree.root)}; the allowlist only shrinks")
    for k in stale:
        print(f"allowlist entry no longer occurs: {fmt(k)}\n"
              f"  remove it from {os.path.relpath(allow_path, tree.root)} (the fix has landed)")
    if new or stale or errors:
        print(f"check_layers: FAILED: {len(new)} new violation(s), {len(stale)} stale allowlist "
              f"entr{'y' if len(stale) == 1 else 'ies'}, {len(errors)} malformed line(s)")
        return 1
    print(f"check_layers: OK: {len(found)} known violation(s), all in the allowlist; no new ones")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
