# Runs an MPI example under mpiexec and compares it with the single-process result (issue 26).
# Lists are given with '|' between items (CTest would split ';').
#   MODE=generate: `gpurng generate CLI_ARGS --format bin` in one process, then the example with
#     EXAMPLE_ARGS on NP ranks writing one file with MPI-IO; the two files must be byte-identical.
#   MODE=pi: the example on 1 rank and on NP ranks; standard output must be identical.
#   MPIEXEC, MPIEXEC_FLAGS (e.g. --allow-run-as-root|--oversubscribe), NP, EXAMPLE, CLI, WORK_DIR.
foreach(v MPIEXEC NP EXAMPLE WORK_DIR MODE)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "check_mpi_example.cmake: ${v} is not set")
  endif()
endforeach()
string(REPLACE "|" ";" flags "${MPIEXEC_FLAGS}")
string(REPLACE "|" ";" example_args "${EXAMPLE_ARGS}")
string(REPLACE "|" ";" cli_args "${CLI_ARGS}")
file(MAKE_DIRECTORY ${WORK_DIR})
# OpenMPI keeps its session directory under TMPDIR, and concurrent mpiexec calls sharing one collide
# now and then ("opal_os_dirpath_create: Error: File exists", seen with ctest -j2): each run gets its
# own, short (PMIx puts Unix sockets there, whose paths are limited to about 100 characters).
string(RANDOM LENGTH 10 session_tag)
set(session_dir /tmp/gpurng-mpi-${session_tag})
file(MAKE_DIRECTORY ${session_dir})
set(ENV{TMPDIR} ${session_dir})

function(run_ranks np out_var)
  execute_process(COMMAND ${MPIEXEC} ${flags} -np ${np} ${EXAMPLE} ${example_args} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 300)
  file(REMOVE_RECURSE ${session_dir})
  file(MAKE_DIRECTORY ${session_dir})
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${EXAMPLE} on ${np} ranks failed (${rc}):\n${out}\n${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "generate")
  set(one ${WORK_DIR}/one_process.bin)
  set(many ${WORK_DIR}/ranks_${NP}.bin)
  file(REMOVE ${one} ${many})
  execute_process(COMMAND ${CLI} generate ${cli_args} --format bin --out ${one} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gpurng generate failed (${rc}): ${err}")
  endif()
  # A longer file already there must be cut to the call's length.
  file(WRITE ${many} "stale bytes that the example must not leave behind: ......................................")
  run_ranks(${NP} out --out ${many})
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${one} ${many} RESULT_VARIABLE same)
  file(SIZE ${one} size)
  if(NOT same EQUAL 0)
    message(FATAL_ERROR "${NP} ranks wrote ${many}, which differs from gpurng generate's ${one} (${size} bytes)")
  endif()
  message(STATUS "${NP} ranks == one process: ${size} bytes")
elseif(MODE STREQUAL "pi")
  run_ranks(1 one)
  run_ranks(${NP} many)
  if(NOT one MATCHES "^pi 3\\.1[0-9]+ hits [0-9]+ samples [0-9]+\n$")
    message(FATAL_ERROR "unexpected output on 1 rank: '${one}'")
  endif()
  if(NOT one STREQUAL many)
    message(FATAL_ERROR "the estimate on ${NP} ranks differs from 1 rank's:\n1: ${one}${NP}: ${many}")
  endif()
  message(STATUS "${NP} ranks == 1 rank: ${one}")
else()
  message(FATAL_ERROR "check_mpi_example.cmake: unknown MODE '${MODE}'")
endif()
file(REMOVE_RECURSE ${session_dir})
