#include "state_codec.hpp"

#include <array>
#include <cstring>

namespace gpurng::detail {
namespace {

constexpr char kMagic[8] = {'G', 'P', 'U', 'R', 'N', 'G', 'S', 'T'};
constexpr std::size_t kHeaderSize = 24;
constexpr std::size_t kTrailerSize = 4;

constexpr std::array<std::uint32_t, 256> make_crc_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}
constexpr std::array<std::uint32_t, 256> kCrcTable = make_crc_table();

std::uint32_t load_u32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}
std::uint64_t load_u64(const std::uint8_t* p) {
  return std::uint64_t{load_u32(p)} | std::uint64_t{load_u32(p + 4)} << 32;
}

[[noreturn]] void corrupt(const std::string& what) {
  throw Error(Status::corrupt_state, "invalid state data: " + what);
}

}  // namespace

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < size; ++i) c = kCrcTable[(c ^ data[i]) & 0xFFu] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

void StateWriter::u32(std::uint32_t v) {
  for (int i = 0; i < 4; ++i) buf_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void StateWriter::u64(std::uint64_t v) {
  u32(static_cast<std::uint32_t>(v));
  u32(static_cast<std::uint32_t>(v >> 32));
}

std::uint32_t StateReader::u32(const char* what) {
  if (size_ - pos_ < 4) corrupt(std::string("payload ends before ") + what);
  const std::uint32_t v = load_u32(data_ + pos_);
  pos_ += 4;
  return v;
}
std::uint64_t StateReader::u64(const char* what) {
  if (size_ - pos_ < 8) corrupt(std::string("payload ends before ") + what);
  const std::uint64_t v = load_u64(data_ + pos_);
  pos_ += 8;
  return v;
}
void StateReader::expect_end() const {
  if (pos_ != size_) corrupt("payload has " + std::to_string(size_ - pos_) + " unexpected trailing bytes");
}

void StateReader::limit_streams(std::uint64_t streams) const {
  if (streams > limits_.max_streams) {
    throw Error(Status::invalid_argument, "the state has " + std::to_string(streams) +
                                              " streams, more than LoadLimits::max_streams = " +
                                              std::to_string(limits_.max_streams));
  }
}
void StateReader::limit_param_sets(std::uint64_t sets) const {
  if (sets > limits_.max_param_sets) {
    throw Error(Status::invalid_argument, "the state carries " + std::to_string(sets) +
                                              " parameter sets, more than LoadLimits::max_param_sets = " +
                                              std::to_string(limits_.max_param_sets));
  }
}

std::vector<std::uint8_t> encode_state(Engine engine, const std::vector<std::uint8_t>& payload) {
  StateWriter w;
  w.u32(kStateFormatVersion);
  w.u32(static_cast<std::uint32_t>(engine));
  w.u64(payload.size());
  std::vector<std::uint8_t> out(kMagic, kMagic + sizeof kMagic);
  out.insert(out.end(), w.bytes().begin(), w.bytes().end());
  out.insert(out.end(), payload.begin(), payload.end());
  StateWriter crc;
  crc.u32(crc32(out.data(), out.size()));
  out.insert(out.end(), crc.bytes().begin(), crc.bytes().end());
  return out;
}

DecodedState decode_state(const std::uint8_t* data, std::size_t size) {
  if (data == nullptr && size != 0) corrupt("null data pointer");
  if (size < kHeaderSize + kTrailerSize) {
    corrupt("only " + std::to_string(size) + " bytes; a state file has at least " +
            std::to_string(kHeaderSize + kTrailerSize));
  }
  if (std::memcmp(data, kMagic, sizeof kMagic) != 0) corrupt("not a gpurng state file (bad magic)");
  const std::uint32_t version = load_u32(data + 8);
  if (version != kStateFormatVersion) {
    corrupt("format version " + std::to_string(version) + " is not supported (this library reads " +
            std::to_string(kStateFormatVersion) + ")");
  }
  const std::uint64_t payload_size = load_u64(data + 16);
  if (payload_size != size - kHeaderSize - kTrailerSize) {
    corrupt("header announces a " + std::to_string(payload_size) + "-byte payload but the data holds " +
            std::to_string(size - kHeaderSize - kTrailerSize) + " (truncated or extended file)");
  }
  const std::uint32_t stored_crc = load_u32(data + size - kTrailerSize);
  if (crc32(data, size - kTrailerSize) != stored_crc) corrupt("checksum mismatch (file corrupted)");
  const std::uint32_t engine_id = load_u32(data + 12);
  bool known = false;
  for (const EngineInfo& info : engines()) known = known || static_cast<std::uint32_t>(info.engine) == engine_id;
  if (!known) corrupt("unknown engine id " + std::to_string(engine_id));
  return DecodedState{static_cast<Engine>(engine_id),
                      std::vector<std::uint8_t>(data + kHeaderSize, data + size - kTrailerSize)};
}

}  // namespace gpurng::detail
