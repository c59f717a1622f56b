// SPDX-License-Identifier: MIT
#pragma once

// A private sparklab lab with a topology, for tests that change node state
// (faults, network settings): its own name and management subnet, outside
// the shared fixtures' 10.131.0.0/20. Brought up with --replace, taken down
// at the end. Also: sessions with password login and the accepted host key.

#include "core/netconfig/clusterpreparer.h"
#include "core/ssh/sshsession.h"
#include "support/sparklab.h"

#include <QElapsedTimer>
#include <QThread>

#include <memory>
#include <vector>

namespace spark::testsupport {

class ClusterLab
{
public:
    ClusterLab() = default;
    ClusterLab(const ClusterLab &) = delete;
    ClusterLab &operator=(const ClusterLab &) = delete;
    ~ClusterLab() { down(); }

    // e.g. up("itapply-ring3", "10.132.3.0/24", {"ring3"})
    bool up(const QString &name, const QString &subnet, const QStringList &topology)
    {
        down();
        m_name = name;
        const ProcessResult result = SparkLab::run(QStringList{QStringLiteral("up")} + topology
                                                   + QStringList{QStringLiteral("--name"), name, QStringLiteral("--mgmt-subnet"),
                                                                 subnet, QStringLiteral("--replace")});
        if (result.exitCode != 0) {
            qWarning("sparklab up %s failed: %s", qPrintable(name), result.err.constData());
            return false;
        }
        qputenv("SPARKLAB_LAB", name.toUtf8());
        const bool attached = m_lab.attach(name, 0);
        qunsetenv("SPARKLAB_LAB");
        waitForLinkLocal();
        return attached;
    }

    // A freshly plugged port has no usable IPv6 link-local address until the
    // kernel's duplicate address detection ends (about a second), just like a
    // real cable: wait for it, so a test does not race the kernel.
    void waitForLinkLocal() const
    {
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < int(m_lab.nodes().size()); ++i) {
            while (timer.elapsed() < 10000
                   && !m_lab.sh(i, QStringLiteral("ip -6 addr show tentative")).out.trimmed().isEmpty())
                QThread::msleep(100);
        }
    }

    void down()
    {
        m_sessions.clear();
        if (!m_name.isEmpty())
            SparkLab::run({QStringLiteral("down"), QStringLiteral("--name"), m_name});
        m_name.clear();
    }

    ProcessResult fault(const QStringList &arguments) const
    {
        QStringList all{QStringLiteral("fault"), arguments.first(), QStringLiteral("--name"), m_name};
        all += arguments.mid(1);
        const ProcessResult result = SparkLab::run(all);
        waitForLinkLocal();
        return result;
    }

    SshTarget target(int index) const
    {
        SshTarget target = m_lab.target(index);
        target.password = m_lab.node(index).password;
        target.acceptedFingerprint = m_lab.node(index).fingerprint;
        return target;
    }

    // One session per node, made on first use.
    SshSession *session(int index)
    {
        while (m_sessions.size() <= size_t(index))
            m_sessions.push_back(nullptr);
        if (!m_sessions[size_t(index)])
            m_sessions[size_t(index)] = std::make_unique<SshSession>(target(index));
        return m_sessions[size_t(index)].get();
    }
    void dropSessions() { m_sessions.clear(); }

    // Every node as the cluster's sequences take it: its session, and its sudo
    // password when asked for (else none: sudo is not needed).
    QList<PrepareTarget> prepareTargets(bool withPasswords)
    {
        QList<PrepareTarget> result;
        for (int i = 0; i < size(); ++i)
            result.append(PrepareTarget{nodeNames().at(i), session(i), withPasswords ? m_lab.node(i).password : QString()});
        return result;
    }

    SparkLab &lab() { return m_lab; }
    const SparkLab &lab() const { return m_lab; }
    QString name() const { return m_name; }
    int size() const { return int(m_lab.nodes().size()); }
    QStringList nodeNames() const
    {
        QStringList names;
        for (const LabNode &node : m_lab.nodes())
            names.append(node.name);
        return names;
    }

private:
    QString m_name;
    SparkLab m_lab;
    std::vector<std::unique_ptr<SshSession>> m_sessions;
};

} // namespace spark::testsupport
