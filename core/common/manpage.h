// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// A manual page as data, so that a program's page is made from the same
// declarations as its --help (never kept by hand), and written as man(7) roff.
struct ManItem
{
    QString term;     // set in bold: a command or an option
    QString argument; // set in italics after the term: NAME, [options] HOST
    QString text;
    QList<ManItem> items = {}; // indented under this one (a command's options)
};

struct ManSection
{
    QString title;
    QStringList paragraphs = {};
    QList<ManItem> items = {};
};

struct ManPage
{
    QString name;        // the program: sparkctl
    QString summary;     // after the name in NAME: "set up and watch…"
    QString version;     // in the footer: "sparkctl 0.1.0"
    QStringList synopsis; // after the program's name, one usage per line
    QList<ManSection> sections;
};

namespace ManPageWriter {

// man(7) roff: .TH, NAME, SYNOPSIS, then the sections in order. Text is
// escaped (backslashes, hyphens as minus signs, a leading dot or quote), and
// the few non-ASCII marks the programs print (…, –, —, →) become roff's own.
QString roff(const ManPage &page);

// One piece of text escaped for roff.
QString escaped(const QString &text);

} // namespace ManPageWriter

} // namespace spark
