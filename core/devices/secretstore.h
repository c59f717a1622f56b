// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QFuture>
#include <QObject>
#include <QThread>

#include <optional>

namespace spark {

// sudo passwords the person asked us to remember, and their Hugging Face
// token (for gated and private models), in the OS keychain through
// QtKeychain (Secret Service on Linux), never in a file. The keychain jobs run
// on this object's own thread (they need an event loop), so callers on any
// thread get futures: the CLI may block on them, the GUI uses continuations.
class SecretStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretStore)

public:
    explicit SecretStore(QObject *parent = nullptr);
    ~SecretStore() override;

    static QString serviceName();
    static QString sudoKey(const QString &deviceName);

    QFuture<Expected<void>> storeSudoPassword(const QString &deviceName, const QString &password);
    // An error when nothing is stored (or the keychain is unavailable).
    QFuture<Expected<QString>> sudoPassword(const QString &deviceName);
    // Nothing stored is not an error.
    QFuture<Expected<void>> forgetSudoPassword(const QString &deviceName);

    static QString huggingFaceKey();
    QFuture<Expected<void>> storeHuggingFaceToken(const QString &token);
    // Empty when none is stored; an error only when the keychain cannot be read.
    QFuture<Expected<QString>> huggingFaceToken();
    QFuture<Expected<void>> forgetHuggingFaceToken();

private:
    QFuture<Expected<void>> write(const QString &key, const QString &secret);
    // `missing`: what an entry that is not there reads as (nothing: an error).
    QFuture<Expected<QString>> read(const QString &key, const std::optional<QString> &missing, const QString &missingSentence);
    QFuture<Expected<void>> forget(const QString &key);

    QThread m_thread;
    QObject *m_context = nullptr;
};

} // namespace spark
