// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace spark {

// One recipe in eugr's community format (spark-vllm-docker's recipes/, also
// read by spark-pulse): how to serve one model with one container image.
struct Recipe
{
    QString source; // the file it was read from, or "shipped/NAME.yaml"
    QString name;
    QString description;
    QString model;                           // Hugging Face id, ORG/NAME (may be empty: the command names it)
    QString container;                       // the image every node runs
    QStringList command;                     // its words, placeholders not yet filled (CommandTemplate::split)
    QList<QPair<QString, QString>> defaults; // placeholder values, in the file's order
    QList<QPair<QString, QString>> env;      // set in every node's container, in the file's order
    bool clusterOnly = false;                // too big for one Spark (the recipe says so)
    QStringList warnings;                    // what the file asks for that this program does not do, one sentence each

    QString defaultValue(const QString &placeholder) const;
    QStringList placeholders() const; // every name the command uses, once, in order
};

// Reads recipes. Pure except readFile()/readFolder(), which only read files.
class RecipeReader
{
    Q_DECLARE_TR_FUNCTIONS(spark::RecipeReader)

public:
    static Expected<Recipe> parse(const QByteArray &yaml, const QString &source);
    static Expected<Recipe> readFile(const QString &path);
    struct Folder
    {
        QList<Recipe> recipes; // by file name
        QStringList problems;  // one sentence per file that could not be read
    };
    // Every *.yaml and *.yml directly in the folder.
    static Folder readFolder(const QString &folder);
    // The recipes that come with the program (NVIDIA's two-Spark playbook
    // launch, one Spark, pipeline parallel across the cluster).
    static QList<Recipe> shipped();
    // A recipe by file name without its suffix ("vllm-two-sparks"), shipped
    // ones first, then the folder's; or a path to a file.
    static Expected<Recipe> find(const QString &nameOrPath, const QString &folder = {});
};

} // namespace spark
