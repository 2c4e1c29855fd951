// The CSV reader (see csv_reader.hpp).
#include "csv_reader.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace gpurng::support {
namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

std::string trimmed(const std::string& s, std::size_t b, std::size_t e) {
  while (b < e && blank(s[b])) ++b;
  while (e > b && blank(s[e - 1])) --e;
  return s.substr(b, e - b);
}

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

}  // namespace

CsvReader::CsvReader(const std::string& path, std::string name) : in_(nullptr), name_(std::move(name)) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw std::system_error(EISDIR, std::generic_category(), name_ + ": cannot read it");
    // A regular file's size is known: refuse it before reading any of it.
    if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > kMaxCsvFileBytes) {
      throw std::invalid_argument(name_ + ": " + std::to_string(st.st_size) + " bytes, larger than the " +
                                  mib(kMaxCsvFileBytes) + " a CSV file may have");
    }
  }
  errno = 0;
  file_ = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file_) {
    const int error = errno != 0 ? errno : ENOENT;
    throw std::system_error(error, std::generic_category(), name_ + ": cannot open it for reading");
  }
  in_ = file_.get();
}

CsvReader::CsvReader(std::istream& in, std::string name) : in_(&in), name_(std::move(name)) {}

std::string CsvReader::where() const { return name_ + ": line " + std::to_string(line_no_) + ": "; }

void CsvReader::fail(const std::string& what) const { throw std::invalid_argument(where() + what); }

// One line without its '\n' (and a '\r' before it); false at the end. Reads byte by byte from the
// stream buffer, so that a line without end stops at the limit instead of filling memory.
bool CsvReader::next_line(std::string& line) {
  line.clear();
  std::streambuf* buf = in_->rdbuf();
  if (buf == nullptr) return false;
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) break;
    any = true;
    if (++bytes_ > kMaxCsvFileBytes) {
      throw std::invalid_argument(name_ + ": larger than the " + mib(kMaxCsvFileBytes) + " a CSV file may have");
    }
    if (c == '\n') break;
    if (line.size() == kMaxCsvLineBytes) {
      ++line_no_;
      fail("longer than " + std::to_string(kMaxCsvLineBytes) + " bytes, the longest line a CSV file may have");
    }
    line.push_back(static_cast<char>(c));
  }
  if (!any) return false;
  ++line_no_;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

void CsvReader::split(const std::string& s, std::vector<std::string>& fields) const {
  fields.clear();
  const std::size_t n = s.size();
  std::size_t i = 0;
  for (;;) {
    const std::string field_no = "field " + std::to_string(fields.size() + 1) + ": ";
    std::size_t b = i;
    while (b < n && blank(s[b])) ++b;
    if (b < n && s[b] == '"') {
      std::string f;
      bool closed = false;
      for (i = b + 1; i < n;) {
        if (s[i] != '"') {
          f.push_back(s[i++]);
        } else if (i + 1 < n && s[i + 1] == '"') {
          f.push_back('"');
          i += 2;
        } else {
          ++i;
          closed = true;
          break;
        }
      }
      if (!closed) fail(field_no + "unterminated quote (a quoted field ends on its own line)");
      while (i < n && blank(s[i])) ++i;
      if (i < n && s[i] != ',') fail(field_no + "text after the closing quote");
      fields.push_back(std::move(f));
    } else {
      for (i = b; i < n && s[i] != ','; ++i) {
        if (s[i] == '"') fail(field_no + "a quote inside an unquoted field (quote the whole field, doubling the quote)");
      }
      fields.push_back(trimmed(s, b, i));
    }
    if (i >= n) return;
    ++i;  // the ','
  }
}

const std::vector<std::string>& CsvReader::header() {
  if (have_header_) return header_;
  std::string line;
  while (next_line(line)) {
    const std::string t = trimmed(line, 0, line.size());
    if (t.empty() || t[0] == '#') continue;
    split(line, header_);
    for (std::size_t i = 0; i < header_.size(); ++i) {
      if (header_[i].empty()) fail("the header's column " + std::to_string(i + 1) + " has no name");
      for (std::size_t j = 0; j < i; ++j) {
        if (header_[j] == header_[i]) {
          fail("the header names column '" + header_[i] + "' twice (columns " + std::to_string(j + 1) + " and " +
               std::to_string(i + 1) + ")");
        }
      }
    }
    have_header_ = true;
    return header_;
  }
  throw std::invalid_argument(name_ + ": empty: no header line");
}

std::size_t CsvReader::column(const std::string& name) {
  const std::vector<std::string>& h = header();
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (h[i] == name) return i;
  }
  return npos;
}

bool CsvReader::next_row(std::vector<std::string>& fields) {
  header();
  std::string line;
  while (next_line(line)) {
    const std::string t = trimmed(line, 0, line.size());
    if (t.empty() || t[0] == '#') continue;
    split(line, fields);
    if (fields.size() != header_.size()) {
      fail(std::to_string(fields.size()) + " fields, but the header has " + std::to_string(header_.size()));
    }
    return true;
  }
  return false;
}

bool parse_unsigned_field(const std::string& text, int bits, std::uint64_t& v) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::size_t start = hex ? 2 : 0;
  if (text.size() == start) return false;
  const std::uint64_t limit = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  const unsigned base = hex ? 16 : 10;
  std::uint64_t acc = 0;
  for (std::size_t i = start; i < text.size(); ++i) {
    const char c = text[i];
    unsigned d;
    if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
    else if (hex && c >= 'a' && c <= 'f') d = static_cast<unsigned>(c - 'a' + 10);
    else if (hex && c >= 'A' && c <= 'F') d = static_cast<unsigned>(c - 'A' + 10);
    else return false;
    if (acc > (limit - d) / base) return false;  // acc * base + d > limit
    acc = acc * base + d;
  }
  v = acc;
  return true;
}

}  // namespace gpurng::support
