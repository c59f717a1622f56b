// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <QStringList>

namespace spark {

// A recipe's serve command, the way the community writes it: one shell line
// with backslash continuations, quotes, and Python str.format placeholders
// ("{port}", "{{" for a literal brace). It is split into words first and each
// word filled on its own, so a value never becomes shell syntax: a value with
// a space stays one argument, and nothing of it is ever given to a shell. Pure.
class CommandTemplate
{
    Q_DECLARE_TR_FUNCTIONS(spark::CommandTemplate)

public:
    // The words of the command as a POSIX shell splits them (single and double
    // quotes, backslash escapes, backslash-newline continuations, # comments).
    // What would make a shell do more than run one program (;, |, &, <, >, $,
    // backticks, parentheses outside quotes) is refused with a sentence.
    static Expected<QStringList> split(const QString &command);
    // The placeholder names a word uses, in order ("{{" and "}}" are literal braces).
    static Expected<QStringList> placeholders(const QString &word);
    // The word with every placeholder replaced; a name without a value is an error.
    static Expected<QString> fill(const QString &word, const QMap<QString, QString> &values);
    static Expected<QStringList> fill(const QStringList &words, const QMap<QString, QString> &values);
};

} // namespace spark
