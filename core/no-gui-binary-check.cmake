# SPDX-License-Identifier: MIT
# Run as a post-build step: fails when BINARY needs Qt's GUI libraries.
execute_process(COMMAND readelf -d "${BINARY}" OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "readelf failed on ${BINARY}")
endif()
if(dynamic MATCHES "libQt6(Gui|Widgets|Charts)")
    message(FATAL_ERROR "${BINARY} needs ${CMAKE_MATCH_0}: core/ must not depend on GUI modules.")
endif()
