# Writes the kinrow command's version text (the commit it was built from) into OUTPUT,
# rewriting the file only when the text changes, so that a build at the same commit
# compiles nothing. Run at every build by the kinrow_version target (CMakeLists.txt):
# a value read once at configure time would go stale with the next commit.
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -P cmake/version.cmake
set(commit "unknown commit")
find_package(Git QUIET)
if(GIT_FOUND)
  # Only kinrow's own checkout: a source tree unpacked inside another repository would
  # otherwise name that repository's commit.
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --show-toplevel
                  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE top
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(NOT failed)
    file(REAL_PATH "${top}" top)
    file(REAL_PATH "${SOURCE_DIR}" source)
  endif()
  if(NOT failed AND top STREQUAL source)
    execute_process(COMMAND ${GIT_EXECUTABLE} log -1 --format=%h%n%cs --abbrev=12
                    WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE head
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    # Changes to tracked files (read only: nothing of .git is written).
    execute_process(COMMAND ${GIT_EXECUTABLE} diff --quiet HEAD --
                    WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE dirty ERROR_QUIET)
    string(REPLACE "\n" ";" head "${head}")
    list(LENGTH head fields)
    if(fields EQUAL 2)
      list(GET head 0 hash)
      list(GET head 1 date)
      set(commit "commit ${hash}")
      if(dirty)
        string(APPEND commit "-dirty")
      endif()
      string(APPEND commit " of ${date}")
    endif()
  endif()
endif()
set(text "// Written by cmake/version.cmake at build time; not in the source tree.\n#include \"cli/version.h\"\nnamespace kinrow::cli {\nconst char* const kBuiltFrom = \"${commit}\";\n}\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
