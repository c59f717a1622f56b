// SPDX-License-Identifier: MIT
#pragma once

// Support for the integration tests: the sparklab lab a test runs against.
// CTest names the lab in SPARKLAB_LAB (see tests/integration/CMakeLists.txt);
// without it (a test started by hand) the test brings up its own lab and takes
// it down again at exit. SPARKLAB_MAIN turns the root rule into exit codes:
// not root → 77 (skipped) locally, a failure under CI=true.

#include "core/common/appinfo.h"
#include "core/ssh/sshtarget.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <unistd.h>

namespace spark::testsupport {

struct LabNode
{
    QString name;
    QString address;
    quint16 port = 22;
    QString user;
    QString password;
    QString fingerprint;
};

struct ProcessResult
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline ProcessResult runProcess(const QString &program, const QStringList &arguments, const QByteArray &input = {},
                                int timeoutMs = 120000)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForStarted())
        return {};
    process.write(input);
    process.closeWriteChannel();
    process.waitForFinished(timeoutMs);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

class SparkLab
{
public:
    static QString executable() { return QStringLiteral(SPARK_SOURCE_DIR "/tests/sparklab/sparklab"); }

    // The lab CTest named, or a private one with `nodes` nodes.
    bool attach(const QString &privateName, int nodes)
    {
        m_name = qEnvironmentVariable("SPARKLAB_LAB");
        if (m_name.isEmpty()) {
            m_name = privateName;
            m_owned = true;
            run({QStringLiteral("down"), QStringLiteral("--name"), m_name});
            const ProcessResult up = run({QStringLiteral("up"), QStringLiteral("none"), QStringLiteral("--nodes"),
                                          QString::number(nodes), QStringLiteral("--name"), m_name});
            if (up.exitCode != 0) {
                qWarning("sparklab up failed: %s", up.err.constData());
                return false;
            }
        }
        return refresh();
    }

    // Always a lab of our own (for tests that inject faults or change nodes), on
    // `subnet` (outside sparklab's fixture range 10.131.0.0/20).
    bool attachPrivate(const QString &name, int nodes, const QString &subnet)
    {
        m_name = name;
        m_owned = true;
        run({QStringLiteral("down"), QStringLiteral("--name"), m_name});
        const ProcessResult up = run({QStringLiteral("up"), QStringLiteral("none"), QStringLiteral("--nodes"),
                                      QString::number(nodes), QStringLiteral("--name"), m_name,
                                      QStringLiteral("--mgmt-subnet"), subnet});
        if (up.exitCode != 0) {
            qWarning("sparklab up failed: %s", up.err.constData());
            return false;
        }
        return refresh();
    }

    ~SparkLab()
    {
        if (m_owned)
            run({QStringLiteral("down"), QStringLiteral("--name"), m_name});
    }

    bool refresh()
    {
        const ProcessResult status = run({QStringLiteral("status"), QStringLiteral("--name"), m_name, QStringLiteral("--json")});
        if (status.exitCode != 0) {
            qWarning("sparklab status %s failed (%d): %s", qPrintable(m_name), status.exitCode, status.err.constData());
            return false;
        }
        m_nodes.clear();
        const QJsonObject document = QJsonDocument::fromJson(status.out).object();
        for (const QJsonValue &value : document.value(QStringLiteral("nodes")).toArray()) {
            const QJsonObject node = value.toObject();
            LabNode labNode;
            labNode.name = node.value(QStringLiteral("name")).toString();
            labNode.address = node.value(QStringLiteral("mgmt_address")).toString();
            labNode.port = quint16(node.value(QStringLiteral("ssh_port")).toInt(22));
            labNode.user = node.value(QStringLiteral("user")).toString();
            labNode.fingerprint = node.value(QStringLiteral("host_key_fingerprint")).toString();
            QFile passwordFile(node.value(QStringLiteral("password_file")).toString());
            if (passwordFile.open(QIODevice::ReadOnly))
                labNode.password = QString::fromUtf8(passwordFile.readAll().trimmed());
            m_nodes.append(labNode);
        }
        return !m_nodes.isEmpty();
    }

    QString name() const { return m_name; }
    const QList<LabNode> &nodes() const { return m_nodes; }
    const LabNode &node(int index) const { return m_nodes.at(index); }

    SshTarget target(int index) const
    {
        const LabNode &n = node(index);
        SshTarget target;
        target.host = n.address;
        target.port = n.port;
        target.user = n.user;
        target.useAgent = false;
        target.connectTimeoutMs = 5000;
        return target;
    }

    // Runs a command as root inside a node.
    ProcessResult exec(int index, const QStringList &command, const QByteArray &input = {}) const
    {
        return run(QStringList{QStringLiteral("exec"), QStringLiteral("--name"), m_name, node(index).name,
                               QStringLiteral("--")}
                       + command,
                   input);
    }
    ProcessResult sh(int index, const QString &script) const
    {
        return exec(index, {QStringLiteral("sh"), QStringLiteral("-c"), script});
    }

    // The command lines of the node's own processes called `program` (one per
    // line). The nodes share the host's process table, so a plain pgrep would
    // also see other labs' tools; a node's own live in its network namespace.
    QByteArray processesOn(int index, const QString &program) const
    {
        Q_ASSERT(QRegularExpression(QStringLiteral("^[A-Za-z0-9_.-]+$")).match(program).hasMatch());
        return sh(index, QStringLiteral("self=$(readlink /proc/self/ns/net); for p in $(pgrep -x %1); do "
                                        "[ \"$(readlink /proc/$p/ns/net 2>/dev/null)\" = \"$self\" ] && "
                                        "tr '\\0' ' ' < /proc/$p/cmdline && echo; done; true")
                             .arg(program))
            .out;
    }

    static ProcessResult run(const QStringList &arguments, const QByteArray &input = {})
    {
        return runProcess(executable(), arguments, input);
    }

private:
    QString m_name;
    bool m_owned = false;
    QList<LabNode> m_nodes;
};

// A private HOME and XDG_CONFIG_HOME, so the real ~/.ssh and config are never touched.
class ScratchHome
{
public:
    ScratchHome()
    {
        qputenv("HOME", m_dir.path().toUtf8());
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral(".config")).toUtf8());
        qunsetenv("SSH_AUTH_SOCK");
    }
    QString path() const { return m_dir.path(); }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
};

inline int sparklabRootRule()
{
    if (geteuid() == 0)
        return 0;
    if (qEnvironmentVariable("CI").compare(QLatin1String("true"), Qt::CaseInsensitive) == 0) {
        fprintf(stderr, "FAIL: sparklab tests need root, and CI runs as root\n");
        return 1;
    }
    fprintf(stderr, "SKIP: sparklab tests need root\n");
    return 77;
}

} // namespace spark::testsupport

#define SPARKLAB_MAIN(TestObject)                                                                                      \
    int main(int argc, char *argv[])                                                                                   \
    {                                                                                                                  \
        if (const int rule = spark::testsupport::sparklabRootRule(); rule != 0)                                        \
            return rule;                                                                                               \
        /* QtTest 6.4's watchdog fired once a whole lab run passed five minutes, whatever */                           \
        /* the function (seen: "function time: 16499ms, total time: 300004ms"); CTest's */                            \
        /* TIMEOUT (600 s for a lab test) is the bound that matters. */                                                \
        if (!qEnvironmentVariableIsSet("QTEST_FUNCTION_TIMEOUT"))                                                       \
            qputenv("QTEST_FUNCTION_TIMEOUT", "600000");                                                               \
        QCoreApplication app(argc, argv);                                                                              \
        spark::setApplicationIdentity(app);                                                                            \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }
