#!/usr/bin/env python3
"""Markdown tables for docs/QUALITY.md from `gpurng test --json` files.

    tools/quality_tables.py ENGINE=FILE [ENGINE=FILE ...] [--doc docs/QUALITY.md]
    tools/quality_tables.py --quick ENGINE=FILE [...] [--doc docs/QUALITY.md]

dieharder (default): one column per engine; a FILE may also be dieharder's own text report (same
line format). --quick: one row per engine of `gpurng test --battery quick`. Without --doc the
tables go to stdout; with it, only the text between the markers
    <!-- gpurng-quality-dieharder:begin --> ... <!-- gpurng-quality-dieharder:end -->
    (--quick: <!-- gpurng-quality-quick:begin --> ... <!-- gpurng-quality-quick:end -->)
is replaced. Standard library only.
"""
import argparse
import json
import sys

MARKERS = {False: ("<!-- gpurng-quality-dieharder:begin -->", "<!-- gpurng-quality-dieharder:end -->"),
           True: ("<!-- gpurng-quality-quick:begin -->", "<!-- gpurng-quality-quick:end -->")}


def parse_text(text):
    out = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        f = [x.strip() for x in line.split("|")]
        if len(f) != 6 or f[5] not in ("PASSED", "WEAK", "FAILED"):
            continue
        try:
            out.append({"test": f[0], "ntup": int(f[1]), "tsamples": int(f[2]), "psamples": int(f[3]),
                        "p_value": float(f[4]), "assessment": f[5]})
        except ValueError:
            continue
    return out


def load(path):
    with open(path) as f:
        text = f.read()
    try:
        return json.loads(text)["results"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return parse_text(text)


def tables(columns):
    lines = []
    for name, rs in columns:
        p = sum(r["assessment"] == "PASSED" for r in rs)
        w = sum(r["assessment"] == "WEAK" for r in rs)
        f = sum(r["assessment"] == "FAILED" for r in rs)
        lines.append(f"- {name}: {len(rs)} results: {p} PASSED, {w} WEAK, {f} FAILED")
    lines += ["", "Every result (assessment and p-value; bold: not PASSED; rows in the battery's order, a test that "
              "dieharder repeats (e.g. to resolve a WEAK) appears once per run):", ""]
    lines.append("| test | ntup | tsamples | psamples | " + " | ".join(n for n, _ in columns) + " |")
    lines.append("| --- | ---: | ---: | ---: | " + " | ".join("---" for _ in columns) + " |")
    # Rows aligned by (test, ntup, occurrence), in the order of the longest run.
    def keyed(rs):
        seen, out = {}, []
        for r in rs:
            k = (r["test"], r["ntup"])
            seen[k] = seen.get(k, 0) + 1
            out.append(((r["test"], r["ntup"], seen[k]), r))
        return out
    order, index = [], []
    for _, rs in columns:
        for k, r in keyed(rs):
            if k not in order:
                order.append(k)
    for name, rs in columns:
        index.append(dict(keyed(rs)))
    for k in order:
        first = next(ix[k] for ix in index if k in ix)
        cells = []
        for ix in index:
            r = ix.get(k)
            if r is None:
                cells.append("not run")
            elif r["assessment"] == "PASSED":
                cells.append(f"PASSED {r['p_value']:.4f}")
            else:
                cells.append(f"**{r['assessment']}** {r['p_value']:.4f}")
        # psamples differ between runs made with dieharder's -m: list each distinct value, in column order.
        ps = []
        for ix in index:
            if k in ix and ix[k]["psamples"] not in ps:
                ps.append(ix[k]["psamples"])
        lines.append(f"| {k[0]} | {k[1]} | {first['tsamples']} | {' / '.join(map(str, ps))} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def quick_table(runs):
    lines = ["| engine | backend | n per output | PASSED | WEAK | FAILED | not PASSED (check: p-value) |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for name, report in runs:
        s = report["summary"]
        odd = [f"{r['dist']} {r['type']} {r['check']}: {r['assessment']} {r['p_value']:.6f}" for r in report["results"]
               if r["assessment"] in ("WEAK", "FAILED")]
        if len(odd) > 4:
            odd = odd[:3] + [f"... {len(odd) - 3} more"]
        lines.append(f"| `{name}` | {report['backend']} | {report['n_per_output']} | {s['passed']} | {s['weak']} | "
                     f"{s['failed']} | {'; '.join(odd) or '-'} |")
    return "\n".join(lines)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", help="ENGINE=FILE")
    ap.add_argument("--quick", action="store_true", help="gpurng test --battery quick reports")
    ap.add_argument("--doc")
    a = ap.parse_args(argv)
    columns = []
    for spec in a.runs:
        name, sep, path = spec.partition("=")
        if not sep:
            print(f"quality_tables.py: error: '{spec}' is not ENGINE=FILE", file=sys.stderr)
            return 2
        try:
            if a.quick:
                with open(path) as f:
                    columns.append((name, json.load(f)))
            else:
                columns.append((name, load(path)))
        except (OSError, json.JSONDecodeError) as e:
            print(f"quality_tables.py: error: {path}: {e}", file=sys.stderr)
            return 1
    BEGIN, END = MARKERS[a.quick]
    text = BEGIN + "\n" + (quick_table(columns) if a.quick else tables(columns)) + "\n" + END
    if not a.doc:
        print(text)
        return 0
    with open(a.doc) as f:
        doc = f.read()
    i, j = doc.find(BEGIN), doc.find(END)
    if i < 0 or j < i:
        print(f"quality_tables.py: error: --doc {a.doc} lacks the markers {BEGIN} ... {END}", file=sys.stderr)
        return 1
    with open(a.doc, "w") as f:
        f.write(doc[:i] + text + doc[j + len(END):])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
