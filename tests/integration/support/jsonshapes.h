// SPDX-License-Identifier: MIT
#pragma once

// The JSON shapes docs/sparkctl-json.md documents for sparkctl's --json
// output, read from the document itself, and a check of real output against
// them: every key the shape lists is there with its kind, no other key is.

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>

namespace spark::testsupport {

class JsonShapes
{
public:
    static JsonShapes fromDocument(const QString &path = QStringLiteral(SPARK_SOURCE_DIR "/docs/sparkctl-json.md"))
    {
        JsonShapes shapes;
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return shapes;
        const QString text = QString::fromUtf8(file.readAll());
        static const QRegularExpression block(QStringLiteral("```json shape ([^\\n]+)\\n(.*?)```"),
                                              QRegularExpression::DotMatchesEverythingOption);
        for (auto match = block.globalMatch(text); match.hasNext();) {
            const QRegularExpressionMatch m = match.next();
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(m.captured(2).toUtf8(), &error);
            shapes.m_shapes.insert(m.captured(1).trimmed(),
                                   error.error == QJsonParseError::NoError ? QJsonValue(document.object())
                                                                           : QJsonValue(QStringLiteral("unparsable: ") + error.errorString()));
        }
        return shapes;
    }

    bool has(const QString &name) const { return m_shapes.contains(name); }
    int size() const { return int(m_shapes.size()); }

    // What differs between `value` and the shape named `name`; empty when it fits.
    QStringList mismatches(const QString &name, const QJsonValue &value) const
    {
        QStringList problems;
        if (!m_shapes.contains(name))
            return {QStringLiteral("no shape \"%1\" in the document").arg(name)};
        check(m_shapes.value(name), value, name, problems);
        return problems;
    }

private:
    static QString kindOf(const QJsonValue &value)
    {
        switch (value.type()) {
        case QJsonValue::String:
            return QStringLiteral("string");
        case QJsonValue::Double:
            return QStringLiteral("number");
        case QJsonValue::Bool:
            return QStringLiteral("boolean");
        case QJsonValue::Null:
            return QStringLiteral("null");
        case QJsonValue::Object:
            return QStringLiteral("object");
        case QJsonValue::Array:
            return QStringLiteral("array");
        default:
            return QStringLiteral("undefined");
        }
    }

    void check(const QJsonValue &shape, const QJsonValue &value, const QString &where, QStringList &problems) const
    {
        if (shape.isString()) {
            const QStringList kinds = shape.toString().split(QLatin1Char('|'));
            for (const QString &kind : kinds) {
                if (m_shapes.contains(kind) && value.isObject()) { // a named shape, e.g. "device"
                    check(m_shapes.value(kind), value, where, problems);
                    return;
                }
            }
            if (!kinds.contains(kindOf(value)))
                problems.append(QStringLiteral("%1: %2, not %3").arg(where, kindOf(value), shape.toString()));
            return;
        }
        if (shape.isArray()) {
            if (!value.isArray()) {
                problems.append(QStringLiteral("%1: %2, not an array").arg(where, kindOf(value)));
                return;
            }
            const QJsonArray array = value.toArray();
            for (qsizetype i = 0; i < array.size(); ++i)
                check(shape.toArray().at(0), array.at(i), QStringLiteral("%1[%2]").arg(where).arg(i), problems);
            return;
        }
        if (!value.isObject()) {
            problems.append(QStringLiteral("%1: %2, not an object").arg(where, kindOf(value)));
            return;
        }
        const QJsonObject expected = shape.toObject();
        const QJsonObject actual = value.toObject();
        QStringList known;
        for (auto it = expected.constBegin(); it != expected.constEnd(); ++it) {
            const bool optional = it.key().endsWith(QLatin1Char('?'));
            const QString key = optional ? it.key().chopped(1) : it.key();
            known.append(key);
            if (!actual.contains(key)) {
                if (!optional)
                    problems.append(QStringLiteral("%1.%2: missing").arg(where, key));
                continue;
            }
            check(it.value(), actual.value(key), where + QLatin1Char('.') + key, problems);
        }
        for (auto it = actual.constBegin(); it != actual.constEnd(); ++it) {
            if (!known.contains(it.key()))
                problems.append(QStringLiteral("%1.%2: not in the document").arg(where, it.key()));
        }
    }

    QHash<QString, QJsonValue> m_shapes;
};

} // namespace spark::testsupport
