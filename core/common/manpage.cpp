// SPDX-License-Identifier: MIT
#include "core/common/manpage.h"

namespace spark::ManPageWriter {

namespace {

QString bold(const QString &text)
{
    return QStringLiteral("\\fB") + escaped(text) + QStringLiteral("\\fR");
}

QString italic(const QString &text)
{
    return QStringLiteral("\\fI") + escaped(text) + QStringLiteral("\\fR");
}

void writeItems(QString &out, const QList<ManItem> &items)
{
    for (const ManItem &item : items) {
        out += QStringLiteral(".TP\n") + bold(item.term);
        if (!item.argument.isEmpty())
            out += QLatin1Char(' ') + italic(item.argument);
        out += QLatin1Char('\n') + escaped(item.text) + QLatin1Char('\n');
        if (!item.items.isEmpty()) {
            out += QStringLiteral(".RS\n");
            writeItems(out, item.items);
            out += QStringLiteral(".RE\n");
        }
    }
}

} // namespace

QString escaped(const QString &text)
{
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '\\':
            out += QStringLiteral("\\e");
            break;
        case '-':
            out += QStringLiteral("\\-");
            break;
        case '\n':
            out += QLatin1Char(' ');
            break;
        case 0x2026: // …
            out += QStringLiteral("...");
            break;
        case 0x2013: // –
            out += QStringLiteral("\\(en");
            break;
        case 0x2014: // —
            out += QStringLiteral("\\(em");
            break;
        case 0x2192: // →
            out += QStringLiteral("\\(->");
            break;
        default:
            out += c;
        }
    }
    // A line that starts with a dot or a quote would be read as a request.
    if (out.startsWith(QLatin1Char('.')) || out.startsWith(QLatin1Char('\'')))
        out.prepend(QStringLiteral("\\&"));
    return out;
}

QString roff(const ManPage &page)
{
    QString out;
    out += QStringLiteral(".TH %1 1 \"\" \"%2\" \"User Commands\"\n").arg(page.name.toUpper(), escaped(page.version));
    out += QStringLiteral(".SH NAME\n%1 \\- %2\n").arg(escaped(page.name), escaped(page.summary));
    out += QStringLiteral(".SH SYNOPSIS\n");
    for (int i = 0; i < page.synopsis.size(); ++i) {
        if (i > 0)
            out += QStringLiteral(".br\n");
        out += bold(page.name) + QLatin1Char(' ') + escaped(page.synopsis.at(i)) + QLatin1Char('\n');
    }
    for (const ManSection &section : page.sections) {
        out += QStringLiteral(".SH ") + escaped(section.title.toUpper()) + QLatin1Char('\n');
        for (int i = 0; i < section.paragraphs.size(); ++i) {
            if (i > 0)
                out += QStringLiteral(".PP\n");
            out += escaped(section.paragraphs.at(i)) + QLatin1Char('\n');
        }
        writeItems(out, section.items);
    }
    return out;
}

} // namespace spark::ManPageWriter
