// SPDX-License-Identifier: MIT
#include "core/facts/sharedfindings.h"

#include <QRegularExpression>

#include <algorithm>

namespace spark {

namespace {

const QString placeholder = QStringLiteral("\x01");

// The text with the node's name (as a whole word) standing as a placeholder.
QString withoutName(const QString &text, const QString &node)
{
    QString result = text;
    return result.replace(QRegularExpression(QStringLiteral("(?<![\\w.-])%1(?![\\w-])").arg(QRegularExpression::escape(node))),
                          placeholder);
}

QString sayEachSpark(const QString &text)
{
    QString result = text;
    if (result.startsWith(placeholder))
        result.replace(0, placeholder.size(), FindingSharing::tr("Each Spark"));
    return result.replace(placeholder, FindingSharing::tr("each Spark"));
}

struct Shape
{
    QString code;
    QString sentence;
    QString fix;
    Finding::Severity severity;
    friend bool operator==(const Shape &, const Shape &) = default;
};

Shape shapeOf(const Finding &finding)
{
    return {finding.code, withoutName(finding.sentence, finding.node), withoutName(finding.fix, finding.node), finding.severity};
}

} // namespace

SharedFindings FindingSharing::group(const QList<Finding> &findings, const QStringList &nodes)
{
    SharedFindings result;
    QList<Shape> shared;
    if (nodes.size() >= 2) {
        for (const Finding &finding : findings) {
            if (finding.node != nodes.first())
                continue;
            const Shape shape = shapeOf(finding);
            if (shared.contains(shape))
                continue;
            const bool everywhere = std::all_of(nodes.cbegin() + 1, nodes.cend(), [&](const QString &node) {
                return std::any_of(findings.cbegin(), findings.cend(),
                                   [&](const Finding &other) { return other.node == node && shapeOf(other) == shape; });
            });
            if (!everywhere)
                continue;
            shared.append(shape);
            result.onEverySpark.append(
                Finding{shape.severity, QString(), shape.code, sayEachSpark(shape.sentence), sayEachSpark(shape.fix)});
        }
    }
    for (const Finding &finding : findings) {
        if (finding.node.isEmpty())
            result.clusterWide.append(finding);
        else if (!(nodes.contains(finding.node) && shared.contains(shapeOf(finding))))
            result.perSpark[finding.node].append(finding);
    }
    return result;
}

} // namespace spark
