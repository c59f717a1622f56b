# SPDX-License-Identifier: MIT
# core/ must not include ui/ headers or any Qt GUI module; ui/ must not include app/;
# ui/ and app/ construct no SshSession (core's ClusterSessions and
# DeviceProbe::openSession make every session to a registered device);
# core/facts (parsers, rules, policy) includes no I/O class.
cmake_policy(SET CMP0007 NEW) # a matched C++ line may hold a ";"
file(GLOB_RECURSE core_files "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp")
set(violations "")
foreach(file IN LISTS core_files)
    file(STRINGS "${file}" lines REGEX "#include [<\"](ui/|app/|QtWidgets|QtGui|QtCharts|QWidget|QPixmap|QPainter|QImage|QColor|QIcon|QApplication|QGuiApplication)")
    foreach(line IN LISTS lines)
        list(APPEND violations "${file}: ${line}")
    endforeach()
endforeach()
file(GLOB_RECURSE ui_files "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp")
foreach(file IN LISTS ui_files)
    file(STRINGS "${file}" lines REGEX "#include [<\"]app/")
    foreach(line IN LISTS lines)
        list(APPEND violations "${file}: ${line}")
    endforeach()
endforeach()
file(GLOB_RECURSE shell_files "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp"
    "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
foreach(file IN LISTS shell_files)
    # `SshSession name(…)`, `make_unique<SshSession>`, `new SshSession`: a session made here.
    file(STRINGS "${file}" lines
        REGEX "SshSession [A-Za-z_][A-Za-z0-9_]*[({]|make_(unique|shared)<(spark::)?SshSession>|new (spark::)?SshSession")
    foreach(line IN LISTS lines)
        list(APPEND violations "${file}: constructs an SshSession: ${line}")
    endforeach()
endforeach()
file(GLOB_RECURSE facts_files "${SOURCE_DIR}/core/facts/*.h" "${SOURCE_DIR}/core/facts/*.cpp")
foreach(file IN LISTS facts_files)
    file(STRINGS "${file}" lines
        REGEX "#include [<\"](core/(devices|cluster|netconfig|health|linktest|topology|tunnels|launch)/|core/ssh/ssh(session|connection)|QThread|QPromise|QFuture|QProcess|QTcpSocket|QTcpServer|QNetwork)")
    foreach(line IN LISTS lines)
        list(APPEND violations "${file}: core/facts uses an I/O class: ${line}")
    endforeach()
endforeach()
if(violations)
    list(JOIN violations "\n  " text)
    message(FATAL_ERROR "Layering broken (core must stay free of GUI, ui must not use app, sessions are made in "
                        "core, core/facts does no I/O):\n  ${text}")
endif()
message(STATUS "Layering holds: ${SOURCE_DIR}")
