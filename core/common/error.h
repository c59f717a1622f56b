// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace spark {

// An error is a value: a sentence for the person using the program (what
// failed, where, what to do next) and the technical detail for the log
// (command, exit code, stderr). Nothing in core throws across a boundary.
struct Error
{
    QString message;
    QString detail;

    Error() = default;
    explicit Error(QString userMessage, QString technicalDetail = {})
        : message(std::move(userMessage))
        , detail(std::move(technicalDetail))
    {
    }
};

} // namespace spark
