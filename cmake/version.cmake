# Writes the kinrow command's version text (the commit it was built from) into OUTPUT,
# rewriting the file only when the text changes, so that a build at the same commit
# compiles nothing. Run at every build by the kinrow_version target (CMakeLists.txt):
# a value read once at configure time would go stale with the next commit.
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -P cmake/version.cmake
set(commit "unknown commit")
set(date "")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty --abbrev=12
                  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE described
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(NOT failed AND described)
    set(commit "commit ${described}")
    execute_process(COMMAND ${GIT_EXECUTABLE} log -1 --format=%cs
                    WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE date
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
endif()
if(date)
  set(commit "${commit} of ${date}")
endif()
set(text "// Written by cmake/version.cmake at build time; not in the source tree.\n#include \"cli/version.h\"\nnamespace kinrow::cli {\nconst char* const kBuiltFrom = \"${commit}\";\n}\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
