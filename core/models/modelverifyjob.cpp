// SPDX-License-Identifier: MIT
#include "core/models/modelverifyjob.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"
#include "core/models/ondevices.h"
#include "core/ssh/sshsession.h"

#include <QJsonArray>

#include <algorithm>

namespace spark {

namespace {

struct VerifyText
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelVerifyJob)
};

} // namespace

bool NodeVerification::passed() const
{
    return !error && found && !copies.isEmpty()
        && std::all_of(revisions.cbegin(), revisions.cend(), [](const ModelRevision &r) { return r.complete(); })
        && std::all_of(copies.cbegin(), copies.cend(), [](const BlobVerification &c) { return c.passed(); });
}

QString NodeVerification::sentence() const
{
    if (error)
        return error->message;
    if (!found)
        return VerifyText::tr("%1 does not hold this model.").arg(node);
    QStringList mismatched;
    QStringList unreadable;
    int blobs = 0;
    for (const BlobVerification &copy : copies) {
        mismatched += copy.mismatched;
        unreadable += copy.unreadable;
        blobs += copy.blobsChecked;
        if (!copy.finished)
            return VerifyText::tr("%1 did not finish checking the model; try again.").arg(node);
    }
    if (!mismatched.isEmpty())
        return VerifyText::tr("%1: %n file(s) of the model are damaged (their content does not match their hash: %2). "
                              "Remove the model from %1 and copy it again from a Spark where it is complete.",
                              nullptr, int(mismatched.size()))
            .arg(node, mismatched.mid(0, 3).join(QStringLiteral(", ")));
    if (!unreadable.isEmpty())
        return VerifyText::tr("%1: %n file(s) of the model cannot be read (%2): check the disk and the files' permissions.",
                              nullptr, int(unreadable.size()))
            .arg(node, unreadable.mid(0, 3).join(QStringLiteral(", ")));
    for (const ModelRevision &revision : revisions) {
        if (!revision.complete())
            return VerifyText::tr("%1: the files present are whole, but the snapshot is not complete: %2")
                .arg(node, revision.problems.join(QLatin1Char(' ')));
    }
    return VerifyText::tr("%1: complete, %n file(s) checked against their hashes.", nullptr, blobs).arg(node);
}

QJsonObject NodeVerification::toJson() const
{
    QJsonArray checked;
    for (const BlobVerification &copy : copies)
        checked.append(copy.toJson());
    QJsonArray judged;
    for (const ModelRevision &revision : revisions)
        judged.append(revision.toJson());
    return QJsonObject{
        {QStringLiteral("node"), node},
        {QStringLiteral("error"), error ? QJsonValue(error->message) : QJsonValue()},
        {QStringLiteral("found"), found},
        {QStringLiteral("passed"), passed()},
        {QStringLiteral("sentence"), sentence()},
        {QStringLiteral("revisions"), judged},
        {QStringLiteral("copies"), checked},
    };
}

ModelVerifyJob::ModelVerifyJob(QObject *parent)
    : Job(lcModels, parent)
{
}

NodeVerification ModelVerifyJob::verifyNode(SshSession &session, const QString &node, const QString &repoId,
                                            const QStringList &extraFolders)
{
    NodeVerification verification;
    verification.node = node;
    const NodeModels listed = ModelInventoryJob::readNode(session, node, extraFolders);
    if (listed.error) {
        verification.error = listed.error;
        return verification;
    }
    for (const CachedModel &model : listed.models) {
        if (model.repoId != repoId)
            continue;
        verification.found = true;
        verification.revisions += model.revisions;
        const Expected<QString> script = BlobVerifier::script(model);
        if (!script) {
            verification.error = script.error();
            return verification;
        }
        const auto answer = session.exec(*script, {}, HashTimeoutMs).result();
        if (!answer) {
            verification.error = answer.error();
            return verification;
        }
        verification.copies.append(BlobVerifier::parse(repoId, QString::fromUtf8(answer->standardOutput)));
    }
    return verification;
}

QFuture<QList<NodeVerification>> ModelVerifyJob::verify(const QList<Device> &devices, const QString &repoId,
                                                        const QHash<QString, QStringList> &extraFolders)
{
    m_cancelled = false;
    return runOnThread([this, devices, repoId, extraFolders] {
        return onEveryDevice<NodeVerification>(
            devices,
            [&](const Device &device, SshSession &session) {
                if (isCancelled())
                    return NodeVerification{device.name, Error(VerifyText::tr("cancelled")), false, {}, {}};
                reportProgress(device.name, -1, VerifyText::tr("Checking %1 on %2.").arg(repoId, device.name));
                return verifyNode(session, device.name, repoId, extraFolders.value(device.name));
            },
            [](const Device &device, const Error &error) { return NodeVerification{device.name, error, false, {}, {}}; },
            [this, &devices](const Device &device, const NodeVerification &checked, int answered) {
                reportProgress(device.name, double(answered) / double(devices.size()), checked.sentence());
            });
    });
}

} // namespace spark
