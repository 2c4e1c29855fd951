// gpurng._gpurng._BitStream: the C side of gpurng.BitGenerator, a bit generator for
// numpy.random.Generator. NumPy reads a PyCapsule named "BitGenerator" holding a bitgen_t (its C
// struct, numpy/random/bitgen.h, unchanged since NumPy 1.17, so the same for NumPy 1.24 and 2.x):
// a state pointer and four functions, which NumPy calls without the GIL while holding the bit
// generator's `lock`. Each function takes values from a buffer of the engine's canonical bits
// sequence (the library's generate_bits on the CPU), refilled kBufferBytes at a time.
//
// The words NumPy gets, from the bits sequence b[0], b[1], ... at the current position:
//   32-bit engines (NumPy's MT19937 convention):
//     next_uint32 = b[i]; next_raw = b[i] (as uint64);
//     next_uint64 = b[i] << 32 | b[i+1]         (the first value is the high half);
//     next_double = ((b[i] >> 5) * 2^26 + (b[i+1] >> 6)) / 2^53.
//   64-bit engines (NumPy's PCG64 / Philox convention):
//     next_uint64 = next_raw = b[i];
//     next_uint32: low half of b[i], and the high half is kept for the next next_uint32
//                  (a next_uint64 in between does not discard it, as in NumPy);
//     next_double = (b[i] >> 11) / 2^53.
// So numpy.random.Generator(gpurng.BitGenerator("pcg64", seed=s)) gives exactly the numbers of
// numpy.random.Generator(numpy.random.PCG64(s)), and "mt19937" those of NumPy's MT19937 seeded with
// the same reference state.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "py_generator.hpp"

namespace gpurng_py {

namespace {

struct bitgen_t {  // numpy/random/bitgen.h
  void* state;
  std::uint64_t (*next_uint64)(void* st);
  std::uint32_t (*next_uint32)(void* st);
  double (*next_double)(void* st);
  std::uint64_t (*next_raw)(void* st);
};

constexpr std::size_t kBufferBytes = 256 * 1024;

class BitStream {
 public:
  BitStream(const std::string& engine, const py::bytes& state)
      : g_(gpurng::parse_engine(engine), gpurng::Backend::cpu),
        wide_(gpurng::engine_info(g_.engine()).bits_width == 64) {
    g_.cpu_threads(1);  // small refills: a worker pool would cost more than it saves
    restore(state);
    if (wide_) {
      buf64_.resize(kBufferBytes / 8);
    } else {
      buf32_.resize(kBufferBytes / 4);
    }
    bitgen_.state = this;
    bitgen_.next_uint64 = wide_ ? &next_uint64_wide : &next_uint64_narrow;
    bitgen_.next_uint32 = wide_ ? &next_uint32_wide : &next_uint32_narrow;
    bitgen_.next_double = wide_ ? &next_double_wide : &next_double_narrow;
    bitgen_.next_raw = wide_ ? &next_raw_wide : &next_raw_narrow;
  }
  BitStream(const BitStream&) = delete;
  BitStream& operator=(const BitStream&) = delete;

  bitgen_t* bitgen() { return &bitgen_; }
  unsigned bits_width() const { return wide_ ? 64 : 32; }

  // The position of the next value NumPy takes, in the engine's bits sequence.
  std::uint64_t offset() const { return base_ + pos_; }
  // Moving the position by hand drops NumPy's half-used word.
  void set_offset(std::uint64_t k) {
    seek(k);
    has_uint32_ = false;
    uinteger_ = 0;
  }
  std::uint64_t remaining() const { return g_.remaining() + (len_ - pos_); }

  // The library's state at the current position (the buffer is dropped: the next draw refills).
  py::bytes state_bytes() {
    seek(offset());
    const std::vector<std::uint8_t> b = g_.state_bytes();
    return py::bytes(reinterpret_cast<const char*>(b.data()), b.size());
  }
  void restore(const py::bytes& state) {
    const std::string b = state;
    g_.restore_state_bytes(reinterpret_cast<const std::uint8_t*>(b.data()), b.size());
    base_ = g_.offset();
    pos_ = len_ = 0;
    failure_.clear();
  }
  // NumPy's half-used 64-bit word (64-bit engines; always (false, 0) for 32-bit ones).
  py::tuple half_word() const { return py::make_tuple(has_uint32_, uinteger_); }
  void set_half_word(bool has, std::uint32_t value) {
    has_uint32_ = wide_ && has;
    uinteger_ = has_uint32_ ? value : 0;
  }

  // random_raw: next_raw into a uint64 buffer, or skipped.
  void raw_into(std::uint64_t* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = wide_ ? draw64() : draw32();
    check();
  }
  void skip(std::uint64_t n) {
    check();
    if (n <= len_ - pos_) {
      pos_ += static_cast<std::size_t>(n);
    } else {
      seek(offset() + n);
    }
  }

  // A refill that failed (the end of the sequence) is reported at the next Python-level call: the
  // functions NumPy calls cannot raise.
  void check() const {
    if (!failure_.empty()) throw py::value_error("gpurng.BitGenerator: " + failure_);
  }

 private:
  void seek(std::uint64_t k) {
    check();
    g_.offset(k);
    base_ = k;
    pos_ = len_ = 0;
  }
  std::uint32_t draw32() {
    if (pos_ == len_) refill();
    return buf32_[pos_++];
  }
  std::uint64_t draw64() {
    if (pos_ == len_) refill();
    return buf64_[pos_++];
  }
  void refill() noexcept {
    base_ += len_;
    pos_ = 0;
    const std::size_t capacity = wide_ ? buf64_.size() : buf32_.size();
    try {
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(capacity, g_.remaining()));
      if (n == 0) throw gpurng::Error(gpurng::Status::invalid_argument, "the engine's sequence is exhausted");
      if (wide_) {
        g_.generate_bits(buf64_.data(), n);
      } else {
        g_.generate_bits(buf32_.data(), n);
      }
      len_ = n;
      return;
    } catch (const std::exception& e) {
      if (failure_.empty()) failure_ = e.what();
    } catch (...) {
      if (failure_.empty()) failure_ = "unknown failure";
    }
    // Zeros from here on, until the state is restored; every Python-level call raises.
    std::fill(buf64_.begin(), buf64_.end(), 0);
    std::fill(buf32_.begin(), buf32_.end(), 0);
    len_ = capacity;
  }

  static BitStream& self(void* st) { return *static_cast<BitStream*>(st); }

  static std::uint32_t next_uint32_narrow(void* st) { return self(st).draw32(); }
  static std::uint64_t next_raw_narrow(void* st) { return self(st).draw32(); }
  static std::uint64_t next_uint64_narrow(void* st) {
    BitStream& s = self(st);
    const std::uint64_t hi = s.draw32();
    return hi << 32 | s.draw32();
  }
  static double next_double_narrow(void* st) {
    BitStream& s = self(st);
    const std::uint32_t a = s.draw32() >> 5;
    const std::uint32_t b = s.draw32() >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }

  static std::uint64_t next_uint64_wide(void* st) { return self(st).draw64(); }
  static std::uint64_t next_raw_wide(void* st) { return self(st).draw64(); }
  static std::uint32_t next_uint32_wide(void* st) {
    BitStream& s = self(st);
    if (s.has_uint32_) {
      s.has_uint32_ = false;
      return s.uinteger_;
    }
    const std::uint64_t v = s.draw64();
    s.has_uint32_ = true;
    s.uinteger_ = static_cast<std::uint32_t>(v >> 32);
    return static_cast<std::uint32_t>(v);
  }
  static double next_double_wide(void* st) {
    return static_cast<double>(self(st).draw64() >> 11) * (1.0 / 9007199254740992.0);
  }

  gpurng::Generator g_;
  bool wide_;
  bitgen_t bitgen_{};
  std::vector<std::uint64_t> buf64_;
  std::vector<std::uint32_t> buf32_;
  std::uint64_t base_ = 0;  // the position of buf[0] in the bits sequence
  std::size_t pos_ = 0;     // the next value to hand out
  std::size_t len_ = 0;     // values in the buffer
  bool has_uint32_ = false;
  std::uint32_t uinteger_ = 0;
  std::string failure_;
};

void release_owner(PyObject* capsule) {
  Py_XDECREF(static_cast<PyObject*>(PyCapsule_GetContext(capsule)));
}

}  // namespace

void register_bit_generator(py::module_& m) {
  py::class_<BitStream>(m, "_BitStream", "The C side of gpurng.BitGenerator (NumPy's bitgen_t over gpurng's bits).")
      .def(py::init<const std::string&, const py::bytes&>(), py::arg("engine"), py::arg("state"))
      .def_property_readonly("bits_width", &BitStream::bits_width)
      .def_property("offset", &BitStream::offset, &BitStream::set_offset)
      .def_property_readonly("remaining", &BitStream::remaining)
      .def("state_bytes", &BitStream::state_bytes)
      .def("restore", &BitStream::restore)
      .def("half_word", &BitStream::half_word)
      .def("set_half_word", &BitStream::set_half_word)
      .def("skip", &BitStream::skip)
      .def("check", &BitStream::check)
      .def("raw_into", [](BitStream& s, const py::object& out) {
        Py_buffer v{};
        if (PyObject_GetBuffer(out.ptr(), &v, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) throw py::error_already_set();
        struct Release {
          Py_buffer* v;
          ~Release() { PyBuffer_Release(v); }
        } release{&v};
        if (v.itemsize != 8 || v.format == nullptr || std::strchr("LQ", v.format[std::strlen(v.format) - 1]) == nullptr) {
          throw py::type_error("raw_into: out must be a C-contiguous uint64 array");
        }
        auto* p = static_cast<std::uint64_t*>(v.buf);
        const std::size_t n = static_cast<std::size_t>(v.len) / 8;
        py::gil_scoped_release nogil;
        s.raw_into(p, n);
      })
      .def("next_raw", [](BitStream& s) {
        std::uint64_t v;
        s.raw_into(&v, 1);
        return v;
      })
      .def("capsule", [](const py::object& self) {
        // NumPy copies the bitgen_t; the capsule keeps its BitStream alive while anyone holds it.
        BitStream& s = self.cast<BitStream&>();
        PyObject* c = PyCapsule_New(s.bitgen(), "BitGenerator", &release_owner);
        if (c == nullptr) throw py::error_already_set();
        if (PyCapsule_SetContext(c, self.ptr()) != 0) {
          Py_DECREF(c);
          throw py::error_already_set();
        }
        Py_INCREF(self.ptr());
        return py::reinterpret_steal<py::object>(c);
      }, "A new PyCapsule named 'BitGenerator' holding NumPy's bitgen_t.");
}

}  // namespace gpurng_py
