// SPDX-License-Identifier: MIT
#include "core/devices/secretstore.h"

#include <QCoreApplication>
#include <QPromise>

#include <qt6keychain/keychain.h>

#include <memory>

namespace spark {

namespace {

Error keychainError(const QKeychain::Job *job)
{
    return Error(QCoreApplication::translate("spark::SecretStore",
                                             "The system keychain is not available (%1); nothing was remembered, "
                                             "and you will be asked when it is needed.")
                     .arg(job->errorString()),
                 QStringLiteral("QKeychain error %1").arg(int(job->error())));
}

// Starts `job` on `context`'s thread and completes the future from its finished signal.
template<typename T, typename Job, typename Finish>
QFuture<T> runJob(QObject *context, std::function<Job *()> makeJob, Finish finish)
{
    auto promise = std::make_shared<QPromise<T>>();
    promise->start();
    QFuture<T> future = promise->future();
    QMetaObject::invokeMethod(
        context,
        [context, promise, makeJob = std::move(makeJob), finish = std::move(finish)] {
            Job *job = makeJob();
            job->setParent(context);
            job->setAutoDelete(true);
            job->setInsecureFallback(false);
            QObject::connect(job, &QKeychain::Job::finished, context, [promise, finish](QKeychain::Job *done) {
                promise->addResult(finish(static_cast<Job *>(done)));
                promise->finish();
            });
            job->start();
        },
        Qt::QueuedConnection);
    return future;
}

} // namespace

SecretStore::SecretStore(QObject *parent)
    : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("keychain"));
    m_context = new QObject;
    m_context->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

SecretStore::~SecretStore()
{
    m_thread.quit();
    m_thread.wait();
}

QString SecretStore::serviceName()
{
    return QStringLiteral("spark-companion");
}

QString SecretStore::sudoKey(const QString &deviceName)
{
    return QStringLiteral("sudo/") + deviceName.toLower();
}

QString SecretStore::huggingFaceKey()
{
    return QStringLiteral("huggingface/token");
}

QFuture<Expected<void>> SecretStore::write(const QString &key, const QString &secret)
{
    return runJob<Expected<void>, QKeychain::WritePasswordJob>(
        m_context,
        [key, secret] {
            auto *job = new QKeychain::WritePasswordJob(serviceName());
            job->setKey(key);
            job->setTextData(secret);
            return job;
        },
        [](QKeychain::WritePasswordJob *job) -> Expected<void> {
            if (job->error() != QKeychain::NoError)
                return keychainError(job);
            return {};
        });
}

QFuture<Expected<QString>> SecretStore::read(const QString &key, const std::optional<QString> &missing,
                                             const QString &missingSentence)
{
    return runJob<Expected<QString>, QKeychain::ReadPasswordJob>(
        m_context,
        [key] {
            auto *job = new QKeychain::ReadPasswordJob(serviceName());
            job->setKey(key);
            return job;
        },
        [missing, missingSentence](QKeychain::ReadPasswordJob *job) -> Expected<QString> {
            if (job->error() == QKeychain::EntryNotFound) {
                if (missing)
                    return *missing;
                return Error(missingSentence);
            }
            if (job->error() != QKeychain::NoError)
                return keychainError(job);
            return job->textData();
        });
}

QFuture<Expected<void>> SecretStore::forget(const QString &key)
{
    return runJob<Expected<void>, QKeychain::DeletePasswordJob>(
        m_context,
        [key] {
            auto *job = new QKeychain::DeletePasswordJob(serviceName());
            job->setKey(key);
            return job;
        },
        [](QKeychain::DeletePasswordJob *job) -> Expected<void> {
            if (job->error() != QKeychain::NoError && job->error() != QKeychain::EntryNotFound)
                return keychainError(job);
            return {};
        });
}

QFuture<Expected<void>> SecretStore::storeSudoPassword(const QString &deviceName, const QString &password)
{
    return write(sudoKey(deviceName), password);
}

QFuture<Expected<QString>> SecretStore::sudoPassword(const QString &deviceName)
{
    return read(sudoKey(deviceName), std::nullopt,
                QCoreApplication::translate("spark::SecretStore", "No sudo password is remembered for %1.").arg(deviceName));
}

QFuture<Expected<void>> SecretStore::forgetSudoPassword(const QString &deviceName)
{
    return forget(sudoKey(deviceName));
}

QFuture<Expected<void>> SecretStore::storeHuggingFaceToken(const QString &token)
{
    return write(huggingFaceKey(), token);
}

QFuture<Expected<QString>> SecretStore::huggingFaceToken()
{
    return read(huggingFaceKey(), QString(), QString());
}

QFuture<Expected<void>> SecretStore::forgetHuggingFaceToken()
{
    return forget(huggingFaceKey());
}

} // namespace spark
