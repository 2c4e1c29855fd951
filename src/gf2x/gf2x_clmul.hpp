// Carry-less (GF(2)[x]) multiplication of word arrays: Karatsuba over 64-bit words with the CPU's
// carry-less multiply instruction (PCLMULQDQ) at the leaves.
//
// Why our own: Debian's gf2x is built for generic x86-64 and multiplies without PCLMULQDQ, which
// makes a product of two 20000-bit polynomials take ~200 us; the parameter searches square modulo
// such polynomials p times per irreducibility test. Where the instruction is missing (or not x86)
// the leaves fall back to a portable 64 x 64 multiply, so results never depend on the machine.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gpurng::gf2x {

// True when the leaves use PCLMULQDQ.
bool clmul_is_hardware();

// The 128-bit product of two 64-bit polynomials: lo, hi words.
void clmul64(std::uint64_t a, std::uint64_t b, std::uint64_t* lo, std::uint64_t* hi);

// r[0 .. 2n) = a[0 .. n) * b[0 .. n). r must not overlap a or b.
void clmul_words(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b, std::size_t n);

// r[0 .. 2n) = a[0 .. n)^2 (bit spreading; linear time).
void square_words(std::uint64_t* r, const std::uint64_t* a, std::size_t n);

}  // namespace gpurng::gf2x
