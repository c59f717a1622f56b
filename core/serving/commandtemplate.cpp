// SPDX-License-Identifier: MIT
#include "core/serving/commandtemplate.h"

namespace spark {

namespace {

bool isShellOperator(QChar c)
{
    return QStringLiteral(";|&<>`()").contains(c);
}

struct Splitter
{
    const QString &text;
    qsizetype at = 0;
    QStringList words;
    QString word;
    bool inWord = false;

    void endWord()
    {
        if (inWord)
            words.append(word);
        word.clear();
        inWord = false;
    }
    std::optional<Error> singleQuoted()
    {
        const qsizetype end = text.indexOf(QLatin1Char('\''), at + 1);
        if (end < 0)
            return Error(CommandTemplate::tr("The recipe's command has a ' that is never closed."));
        word += text.mid(at + 1, end - at - 1);
        inWord = true;
        at = end + 1;
        return std::nullopt;
    }
    std::optional<Error> doubleQuoted()
    {
        inWord = true;
        for (++at; at < text.size(); ++at) {
            const QChar c = text.at(at);
            if (c == QLatin1Char('"')) {
                ++at;
                return std::nullopt;
            }
            if (c == QLatin1Char('$') || c == QLatin1Char('`'))
                return Error(CommandTemplate::tr("The recipe's command uses %1 inside double quotes: this program does "
                                                 "not give the command to a shell, so it cannot expand it. Write the "
                                                 "value itself, or put it in the recipe's env.")
                                 .arg(c));
            if (c == QLatin1Char('\\') && at + 1 < text.size()
                && QStringLiteral("\"\\$`\n").contains(text.at(at + 1))) {
                ++at;
                if (text.at(at) != QLatin1Char('\n'))
                    word += text.at(at);
                continue;
            }
            word += c;
        }
        return Error(CommandTemplate::tr("The recipe's command has a \" that is never closed."));
    }
};

} // namespace

Expected<QStringList> CommandTemplate::split(const QString &command)
{
    Splitter s{command, 0, {}, {}, false};
    while (s.at < command.size()) {
        const QChar c = command.at(s.at);
        if (c == QLatin1Char('\'')) {
            if (auto error = s.singleQuoted())
                return *error;
        } else if (c == QLatin1Char('"')) {
            if (auto error = s.doubleQuoted())
                return *error;
        } else if (c == QLatin1Char('\\')) {
            if (s.at + 1 < command.size()) {
                if (command.at(s.at + 1) != QLatin1Char('\n')) {
                    s.word += command.at(s.at + 1);
                    s.inWord = true;
                }
            }
            s.at += 2;
        } else if (c.isSpace()) {
            s.endWord();
            ++s.at;
        } else if (c == QLatin1Char('#') && !s.inWord) {
            const qsizetype end = command.indexOf(QLatin1Char('\n'), s.at);
            s.at = end < 0 ? command.size() : end;
        } else if (isShellOperator(c) || c == QLatin1Char('$')) {
            return Error(tr("The recipe's command uses the shell's %1, but this program runs one command without a "
                            "shell: put what should run before it into the container image, and values into env.")
                             .arg(c));
        } else {
            s.word += c;
            s.inWord = true;
            ++s.at;
        }
    }
    s.endWord();
    if (s.words.isEmpty())
        return Error(tr("The recipe's command is empty."));
    return s.words;
}

namespace {

bool isPlaceholderName(const QString &name)
{
    if (name.isEmpty() || !(name.at(0).isLetter() || name.at(0) == QLatin1Char('_')))
        return false;
    for (const QChar c : name) {
        if (!(c.isLetterOrNumber() || c == QLatin1Char('_')) || c.unicode() > 127)
            return false;
    }
    return true;
}

// Walks a word as Python's str.format does; `onName` gets each placeholder,
// `onText` everything else (with "{{" and "}}" already made single).
template<typename OnText, typename OnName>
std::optional<Error> walk(const QString &word, OnText onText, OnName onName)
{
    for (qsizetype at = 0; at < word.size();) {
        const QChar c = word.at(at);
        const bool doubled = at + 1 < word.size() && word.at(at + 1) == c;
        if ((c == QLatin1Char('{') || c == QLatin1Char('}')) && doubled) {
            onText(c);
            at += 2;
        } else if (c == QLatin1Char('{')) {
            const qsizetype end = word.indexOf(QLatin1Char('}'), at);
            const QString name = end < 0 ? QString() : word.mid(at + 1, end - at - 1);
            if (!isPlaceholderName(name))
                return Error(CommandTemplate::tr("The recipe's command has \"%1\", which is not a placeholder such as "
                                                 "{port}; a literal brace is written twice ({{ or }}).")
                                 .arg(end < 0 ? word.mid(at) : word.mid(at, end - at + 1)));
            if (auto error = onName(name))
                return error;
            at = end + 1;
        } else if (c == QLatin1Char('}')) {
            return Error(CommandTemplate::tr("The recipe's command has a single } in \"%1\"; a literal brace is "
                                             "written twice (}}).")
                             .arg(word));
        } else {
            onText(c);
            ++at;
        }
    }
    return std::nullopt;
}

} // namespace

Expected<QStringList> CommandTemplate::placeholders(const QString &word)
{
    QStringList names;
    auto error = walk(
        word, [](QChar) {},
        [&](const QString &name) -> std::optional<Error> {
            names.append(name);
            return std::nullopt;
        });
    if (error)
        return *error;
    return names;
}

Expected<QString> CommandTemplate::fill(const QString &word, const QMap<QString, QString> &values)
{
    QString out;
    auto error = walk(
        word, [&](QChar c) { out += c; },
        [&](const QString &name) -> std::optional<Error> {
            const auto value = values.constFind(name);
            if (value == values.cend())
                return Error(tr("The recipe's command uses {%1}, which has no value: give it under the recipe's "
                                "defaults or as an override.")
                                 .arg(name));
            out += *value;
            return std::nullopt;
        });
    if (error)
        return *error;
    return out;
}

Expected<QStringList> CommandTemplate::fill(const QStringList &words, const QMap<QString, QString> &values)
{
    QStringList out;
    for (const QString &word : words) {
        auto filled = fill(word, values);
        if (!filled)
            return filled.error();
        out.append(*filled);
    }
    return out;
}

} // namespace spark
