# NTL with gf2x (and GMP) for GF(2)[x] arithmetic: the MT/MTGP jump polynomials. Debian ships no
# CMake package for them, so this defines the imported target gpurng_ntl once (include_guard: any
# engine that needs NTL includes this file).
include_guard(GLOBAL)
find_path(GPURNG_NTL_INCLUDE_DIR NTL/GF2X.h REQUIRED)
find_library(GPURNG_NTL_LIBRARY ntl REQUIRED)
find_library(GPURNG_GF2X_LIBRARY gf2x REQUIRED)
find_library(GPURNG_GMP_LIBRARY gmp REQUIRED)
add_library(gpurng_ntl INTERFACE IMPORTED)
target_include_directories(gpurng_ntl INTERFACE ${GPURNG_NTL_INCLUDE_DIR})
target_link_libraries(gpurng_ntl INTERFACE ${GPURNG_NTL_LIBRARY} ${GPURNG_GF2X_LIBRARY} ${GPURNG_GMP_LIBRARY}
                                           Threads::Threads)
