# Read by ctest (the test directory's TEST_INCLUDE_FILES) in the sanitized build: one ctest
# test per GoogleTest suite instead of one per test.
#
# Under AddressSanitizer a process costs about 0.27 s before its first test and at its exit
# (the sanitizers' start, the leak check's scan), and the median test takes 0.44 s: started
# one by one, the ~700 tests spent a third of the sanitized run starting. A suite's tests
# share one process (130 processes; the largest suite takes about 35 s, so two cores stay
# busy to the end). The optimised build keeps one test a process, where starting is cheap
# and a failing test is named alone (docs/benchmarks.md, "The test suite's time").
#
# Expects KINROW_TESTS_EXE, the test executable's path (set by the generated file that
# includes this one). The list is asked again at each ctest run, so a new test needs no
# reconfiguration.

execute_process(COMMAND "${KINROW_TESTS_EXE}" --gtest_list_tests
                OUTPUT_VARIABLE listing RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  # A test that fails and says why, rather than a suite that silently runs nothing.
  string(REPLACE "'" "" errors "${errors}")
  add_test(listing_the_tests sh -c "echo 'kinrow_tests --gtest_list_tests failed (status ${status}): ${errors}'; exit 1")
  return()
endif()

# Suite lines start in the first column ("Games/BoardAgrees.  # TypeParam = ..."); the
# tests under them are indented. Brackets and semicolons never occur in these names.
string(REPLACE "\n" ";" lines "${listing}")
foreach(line IN LISTS lines)
  if(line MATCHES "^([A-Za-z0-9_/]+)\\.")
    set(suite "${CMAKE_MATCH_1}")
    add_test("${suite}" "${KINROW_TESTS_EXE}" "--gtest_filter=${suite}.*")
    set_tests_properties("${suite}" PROPERTIES TIMEOUT 900)
  endif()
endforeach()
