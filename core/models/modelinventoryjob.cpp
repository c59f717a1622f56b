// SPDX-License-Identifier: MIT
#include "core/models/modelinventoryjob.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"
#include "core/common/shellquote.h"
#include "core/models/ondevices.h"
#include "core/ssh/sshsession.h"

#include <QJsonArray>

namespace spark {

namespace {

struct InventoryText
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelInventoryJob)
};

} // namespace

QJsonObject NodeModels::toJson() const
{
    QJsonArray folders;
    for (const CacheRootListing &root : listing.roots) {
        folders.append(QJsonObject{{QStringLiteral("path"), root.root},
                                   {QStringLiteral("exists"), root.exists},
                                   {QStringLiteral("free_bytes"), root.freeBytes >= 0 ? QJsonValue(double(root.freeBytes)) : QJsonValue()}});
    }
    QJsonArray all;
    for (const CachedModel &model : models)
        all.append(model.toJson());
    return QJsonObject{
        {QStringLiteral("node"), node},
        {QStringLiteral("error"), error ? QJsonValue(error->message) : QJsonValue()},
        {QStringLiteral("memory_bytes"), listing.memTotalBytes > 0 ? QJsonValue(double(listing.memTotalBytes)) : QJsonValue()},
        {QStringLiteral("folders"), folders},
        {QStringLiteral("models"), all},
    };
}

ModelInventoryJob::ModelInventoryJob(QObject *parent)
    : Job(lcModels, parent)
{
}

NodeModels ModelInventoryJob::readNode(SshSession &session, const QString &node, const QStringList &extraFolders)
{
    NodeModels read;
    read.node = node;
    const Expected<QString> script = HfCacheListing::script(extraFolders);
    if (!script) {
        read.error = script.error();
        return read;
    }
    const auto answer = session.exec(shellJoin({QStringLiteral("sh"), QStringLiteral("-c"), *script}), {}, TimeoutMs).result();
    if (!answer) {
        read.error = answer.error();
        return read;
    }
    read.listing = HfCacheListing::parse(QString::fromUtf8(answer->standardOutput));
    if (!read.listing.finished) {
        read.error = Error(InventoryText::tr("%1 did not finish listing its models; make sure its login shell is a normal "
                                             "shell (bash or sh) and try again.")
                               .arg(node),
                           QStringLiteral("exit %1: %2").arg(answer->exitCode).arg(QString::fromUtf8(answer->standardError).left(500)));
        return read;
    }
    read.models = ModelInventory::models(read.listing);
    return read;
}

QFuture<QList<NodeModels>> ModelInventoryJob::read(const QList<Device> &devices, const QHash<QString, QStringList> &extraFolders)
{
    m_cancelled = false;
    return runOnThread([this, devices, extraFolders] {
        return onEveryDevice<NodeModels>(
            devices,
            [this, &extraFolders](const Device &device, SshSession &session) {
                if (isCancelled())
                    return NodeModels{device.name, Error(InventoryText::tr("cancelled")), {}, {}};
                return readNode(session, device.name, extraFolders.value(device.name));
            },
            [](const Device &device, const Error &error) { return NodeModels{device.name, error, {}, {}}; },
            [this, &devices](const Device &device, const NodeModels &read, int answered) {
                reportProgress(device.name, double(answered) / double(devices.size()),
                               read.error ? read.error->message : InventoryText::tr("Read the models on %1.").arg(device.name));
            });
    });
}

} // namespace spark
