// SPDX-License-Identifier: MIT
#include "core/common/job.h"

namespace spark {

Job::Job(LogCategory category, QObject *parent)
    : QObject(parent)
    , m_category(category)
{
}

Job::~Job() = default;

void Job::reportProgress(const QString &node, double fraction, const QString &sentence)
{
    qCDebug(m_category).noquote() << metaObject()->className() << (node.isEmpty() ? QStringLiteral("-") : node)
                                  << QString::number(fraction, 'f', 2) << sentence;
    Q_EMIT progress(JobProgress{node, fraction, sentence});
}

} // namespace spark
