// SPDX-License-Identifier: MIT
#pragma once

// Mutations of a real command output, for the tests that feed parsers text
// they were not written for (tst_parsermutations). Each mutation says whether
// the parser must give exactly the original's facts (the change carries no
// meaning: CRLF, unknown lines) or may lose some (the text was cut or spoilt).

#include <QList>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <functional>

namespace spark::test {

struct TextMutation
{
    QString name;
    std::function<QString(const QString &)> apply;
    bool sameFacts; // the facts must be exactly the original's, not just a part of them
};

// Bytes 0–255 from a fixed seed, read as Latin-1: the same noise on every run.
inline QString binaryNoise(int bytes, quint32 seed)
{
    QRandomGenerator generator(seed);
    QByteArray noise(bytes, '\0');
    for (char &c : noise)
        c = char(generator.bounded(256));
    return QString::fromLatin1(noise);
}

inline QString withCrlf(const QString &text)
{
    return QString(text).replace(QLatin1Char('\n'), QLatin1String("\r\n"));
}

// What every text parser meets: CRLF, empty, noise instead of or after the output.
inline QList<TextMutation> spoiltText(quint32 seed)
{
    return {
        {QStringLiteral("CRLF"), withCrlf, true},
        {QStringLiteral("empty"), [](const QString &) { return QString(); }, false},
        {QStringLiteral("binary noise"), [seed](const QString &) { return binaryNoise(2048, seed); }, false},
        {QStringLiteral("binary noise appended"),
         [seed](const QString &t) -> QString { return t + QLatin1Char('\n') + binaryNoise(512, seed + 1); }, false},
    };
}

// Line-oriented output: the spoilt text, unknown lines after every line,
// blank lines, and (where order carries no meaning) the lines reversed. Where
// a blank line ends a record (nmcli's profiles), only blank lines are doubled.
inline QList<TextMutation> lineMutations(bool orderMatters, bool blankLineEndsRecord = false)
{
    QList<TextMutation> mutations = spoiltText(42);
    mutations.append({QStringLiteral("unknown lines"), [](const QString &t) {
                          QStringList out;
                          for (const QString &line : t.split(QLatin1Char('\n')))
                              out << line << QStringLiteral("Vendor-Extension: 7 frobs") << QStringLiteral("??? ::: ???");
                          return out.join(QLatin1Char('\n'));
                      },
                      true});
    if (blankLineEndsRecord) {
        mutations.append({QStringLiteral("blank lines doubled"),
                          [](const QString &t) { return QString(t).replace(QLatin1String("\n\n"), QLatin1String("\n\n\n")); },
                          true});
    } else {
        mutations.append({QStringLiteral("blank lines between lines"),
                          [](const QString &t) { return QString(t).replace(QLatin1Char('\n'), QLatin1String("\n\n")); },
                          true});
    }
    if (!orderMatters) {
        mutations.append({QStringLiteral("lines reversed"), [](const QString &t) {
                              QStringList all = t.split(QLatin1Char('\n'));
                              std::reverse(all.begin(), all.end());
                              return all.join(QLatin1Char('\n'));
                          },
                          true});
    }
    return mutations;
}

// The text cut after each of its lines (the newline kept): what a tool
// killed between two writes leaves.
inline QList<TextMutation> cutAtLineEnds(const QString &text)
{
    QList<TextMutation> mutations;
    for (qsizetype end = text.indexOf(QLatin1Char('\n')); end >= 0 && end + 1 < text.size();
         end = text.indexOf(QLatin1Char('\n'), end + 1)) {
        mutations.append({QStringLiteral("cut after byte %1 (a line end)").arg(end + 1),
                          [end](const QString &t) { return t.left(end + 1); }, false});
    }
    return mutations;
}

// The text without one of its lines, for each line: a record that lost a
// field, a marker or its end.
inline QList<TextMutation> withoutEachLine(const QString &text)
{
    QList<TextMutation> mutations;
    const qsizetype count = text.split(QLatin1Char('\n')).size();
    for (qsizetype i = 0; i < count; ++i) {
        mutations.append({QStringLiteral("line %1 missing").arg(i + 1), [i](const QString &t) {
                              QStringList all = t.split(QLatin1Char('\n'));
                              if (i < all.size())
                                  all.removeAt(i);
                              return all.join(QLatin1Char('\n'));
                          },
                          false});
    }
    return mutations;
}

// The text cut at every offset inside the first line holding `needle` (and
// just before its newline): a value cut short where the parser must see it.
inline QList<TextMutation> cutInsideLine(const QString &text, const QString &needle)
{
    QList<TextMutation> mutations;
    const qsizetype at = text.indexOf(needle);
    if (at < 0)
        return mutations;
    const qsizetype start = text.lastIndexOf(QLatin1Char('\n'), at) + 1;
    qsizetype end = text.indexOf(QLatin1Char('\n'), at);
    if (end < 0)
        end = text.size();
    for (qsizetype cut = start + 1; cut <= end; ++cut) {
        mutations.append({QStringLiteral("cut at byte %1 (inside '%2')").arg(cut).arg(needle),
                          [cut](const QString &t) { return t.left(cut); }, false});
    }
    return mutations;
}

// The text cut at `count` offsets spread over it (mid-line too).
inline QList<TextMutation> cutAtBytes(const QString &text, int count)
{
    QList<TextMutation> mutations;
    for (int i = 1; i <= count; ++i) {
        const qsizetype cut = text.size() * i / (count + 1);
        mutations.append({QStringLiteral("cut at byte %1").arg(cut), [cut](const QString &t) { return t.left(cut); },
                          false});
    }
    return mutations;
}

// Tables whose columns `separator` splits (a space: any run of whitespace):
// a column more at the end of every line, or the last one gone.
inline QList<TextMutation> columnMutations(QChar separator = QLatin1Char(' '))
{
    return {
        {QStringLiteral("extra column"), [separator](const QString &t) {
             QStringList out;
             for (const QString &line : t.split(QLatin1Char('\n')))
                 out << (line.trimmed().isEmpty() ? line : line + separator + QStringLiteral("7"));
             return out.join(QLatin1Char('\n'));
         },
         false},
        {QStringLiteral("last column missing"), [separator](const QString &t) {
             const QRegularExpression last(separator == QLatin1Char(' ')
                                               ? QStringLiteral("\\s*\\S+\\s*$")
                                               : QRegularExpression::escape(separator) + QStringLiteral("[^")
                                                     + QRegularExpression::escape(separator) + QStringLiteral("]*$"));
             QStringList out;
             for (const QString &line : t.split(QLatin1Char('\n')))
                 out << QString(line).remove(last);
             return out.join(QLatin1Char('\n'));
         },
         false},
    };
}

// YAML (netplan): the spoilt text, comments and unknown keys (each at the
// indentation of the key it precedes, so the document's shape is kept),
// doubled blank lines. Order carries meaning in YAML: no reversal.
inline QList<TextMutation> yamlMutations()
{
    QList<TextMutation> mutations = spoiltText(17);
    mutations.append({QStringLiteral("unknown keys and comments"), [](const QString &t) {
                          // Not at depth 2 (network → ethernets → here), where any key is an interface ID.
                          static const QRegularExpression key(QStringLiteral("^( *)[A-Za-z0-9_\"'-]+\\s*:"));
                          QList<qsizetype> indents;
                          QStringList out;
                          for (const QString &line : t.split(QLatin1Char('\n'))) {
                              if (const auto m = key.match(line); m.hasMatch()) {
                                  const qsizetype indent = m.capturedLength(1);
                                  while (!indents.isEmpty() && indents.last() >= indent)
                                      indents.removeLast();
                                  if (indents.size() != 2)
                                      out << m.captured(1) + QStringLiteral("x-vendor-extension: 7  # not netplan's");
                                  indents.append(indent);
                              }
                              out << line << QStringLiteral("# a comment: enp1s0f1np1 is not configured here");
                          }
                          return out.join(QLatin1Char('\n'));
                      },
                      true});
    mutations.append({QStringLiteral("blank lines doubled"),
                      [](const QString &t) { return QString(t).replace(QLatin1Char('\n'), QLatin1String("\n\n")); }, true});
    return mutations;
}

// JSON: CRLF, unknown fields in every object, empty, noise (cut short: cutAtBytes).
inline QList<TextMutation> jsonMutations()
{
    return {
        {QStringLiteral("CRLF"), withCrlf, true},
        {QStringLiteral("unknown fields"), [](const QString &t) {
             // Into every object; an empty one ("{}") gets a field without a comma after it.
             static const QRegularExpression filled(QStringLiteral("\\{(?!\\s*\\})"));
             static const QRegularExpression empty(QStringLiteral("\\{(?=\\s*\\})"));
             return QString(t)
                 .replace(filled, QStringLiteral("{\"vendor_ext\":[7,{\"x\":null}],"))
                 .replace(empty, QStringLiteral("{\"vendor_ext\":7"));
         },
         true},
        {QStringLiteral("empty"), [](const QString &) { return QString(); }, false},
        {QStringLiteral("binary noise"), [](const QString &) { return binaryNoise(2048, 5); }, false},
    };
}

// JSON without one field (a scalar) wherever it appears: an older or newer
// tool that does not print it. Only for fields whose absence says nothing.
inline TextMutation withoutJsonField(const QString &field)
{
    return {QStringLiteral("without field '%1'").arg(field), [field](const QString &t) {
                const QString value = QStringLiteral("\"%1\"\\s*:\\s*(?:\"[^\"]*\"|[-+0-9.eE]+|true|false|null)")
                                          .arg(QRegularExpression::escape(field));
                return QString(t)
                    .remove(QRegularExpression(value + QStringLiteral("\\s*,")))
                    .remove(QRegularExpression(QStringLiteral(",\\s*") + value));
            },
            false};
}

} // namespace spark::test
