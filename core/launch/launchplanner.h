// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>
#include <QStringList>
#include <QUrl>

#include <functional>

namespace spark {

// A program to start and its arguments (never through a shell).
struct LaunchCommand
{
    QString program;        // the full path found on PATH
    QStringList arguments;

    friend bool operator==(const LaunchCommand &, const LaunchCommand &) = default;
};

enum class Editor { VsCode, Cursor };

// Pure: which program and arguments open a terminal logged in to a device
// (`ssh <alias>`), VS Code or Cursor with Remote-SSH on a device's folder, or
// the browser, given what is installed. `find` answers the full path of a
// program on PATH, or an empty string (QStandardPaths::findExecutable outside tests).
class LaunchPlanner
{
    Q_DECLARE_TR_FUNCTIONS(spark::LaunchPlanner)

public:
    using ProgramLookup = std::function<QString(const QString &name)>;

    // The terminals we know how to hand a command to, in the order we try them.
    static QStringList knownTerminals();
    // An SSH alias as enrolment writes it: letters, digits, ".", "_", "-", not starting with "-".
    static bool isValidAlias(const QString &alias);
    // The default working folder of a device's user: /home/<user> (/root for root).
    static QString defaultFolder(const QString &user);

    // `preferred` (a name from knownTerminals) first when installed.
    static Expected<LaunchCommand> terminal(const QString &alias, const ProgramLookup &find,
                                            const QString &preferred = {});
    // <code|cursor> --remote ssh-remote+<alias> <folder>
    static Expected<LaunchCommand> editor(Editor editor, const QString &alias, const QString &folder,
                                          const ProgramLookup &find);
    static bool isInstalled(Editor editor, const ProgramLookup &find);
    static QString editorName(Editor editor);
    // xdg-open <url>
    static Expected<LaunchCommand> browser(const QUrl &url, const ProgramLookup &find);
};

} // namespace spark
