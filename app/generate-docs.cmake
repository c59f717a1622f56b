# SPDX-License-Identifier: MIT
# Writes the manual pages and shell completions by asking the programs for
# them (each makes its own from the table its --help comes from), in English
# whatever the build machine's language, the pages compressed as dpkg wants
# them (gzip -9n: no name or time stamp, so the same source gives the same bytes).
# cmake -DSPARKCTL=… -DGUI=… -DOUT=… -P generate-docs.cmake
set(ENV{LC_ALL} C.UTF-8)
set(ENV{LANG} C.UTF-8)
set(ENV{LANGUAGE} "")
file(MAKE_DIRECTORY "${OUT}")

function(write_from name)
    execute_process(COMMAND ${ARGN} OUTPUT_FILE "${OUT}/${name}" RESULT_VARIABLE status ERROR_VARIABLE errors)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "Writing ${name} with '${ARGN}' failed (${status}): ${errors}")
    endif()
endfunction()

write_from(sparkctl.1 "${SPARKCTL}" --manpage)
write_from(spark-companion.1 "${GUI}" --manpage)
write_from(sparkctl.bash "${SPARKCTL}" completion bash)
write_from(_sparkctl "${SPARKCTL}" completion zsh)
write_from(sparkctl.fish "${SPARKCTL}" completion fish)
foreach(page sparkctl.1 spark-companion.1)
    execute_process(COMMAND gzip -9nf "${OUT}/${page}" RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "gzip ${page} failed")
    endif()
endforeach()
