# NTL with gf2x (and GMP) for GF(2)[x] arithmetic in the GF(2) toolkit (tools/gf2) and the tests,
# never in libgpurng or the gpurng CLI (THIRD_PARTY.md). Debian ships no CMake package for them, so
# this finds them once (include_guard: tools/ and tests/ include this file): GPURNG_NTL_INCLUDE_DIR,
# GPURNG_NTL_LIBRARIES (full paths), and the imported target gpurng_ntl.
include_guard(GLOBAL)
find_path(GPURNG_NTL_INCLUDE_DIR NTL/GF2X.h REQUIRED)
find_library(GPURNG_NTL_LIBRARY ntl REQUIRED)
find_library(GPURNG_GF2X_LIBRARY gf2x REQUIRED)
find_library(GPURNG_GMP_LIBRARY gmp REQUIRED)
set(GPURNG_NTL_LIBRARIES ${GPURNG_NTL_LIBRARY} ${GPURNG_GF2X_LIBRARY} ${GPURNG_GMP_LIBRARY})
add_library(gpurng_ntl INTERFACE IMPORTED GLOBAL)  # GLOBAL: tools/ and tests/ both use it
target_include_directories(gpurng_ntl INTERFACE ${GPURNG_NTL_INCLUDE_DIR})
target_link_libraries(gpurng_ntl INTERFACE ${GPURNG_NTL_LIBRARY} ${GPURNG_GF2X_LIBRARY} ${GPURNG_GMP_LIBRARY}
                                           Threads::Threads)
