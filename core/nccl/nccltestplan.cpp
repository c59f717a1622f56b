// SPDX-License-Identifier: MIT
#include "core/nccl/nccltestplan.h"

#include "core/nccl/nccltestverdict.h"

#include <QRegularExpression>

namespace spark {

namespace {

constexpr qint64 largestBytes = 64LL << 30; // a Spark has 128 GB shared: more is not a test
constexpr qint64 smallestBytes = 8;

bool isValidMpiHost(const QString &host)
{
    // mpirun's -H takes "host:slots": an IPv6 address cannot be written there.
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$"));
    return name.match(host).hasMatch() && !host.contains(QLatin1String(".."));
}

bool isValidVariable(const EnvironmentVariable &variable)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    static const QRegularExpression value(QStringLiteral("^[A-Za-z0-9_.,:/=+-]*$"));
    return name.match(variable.name).hasMatch() && value.match(variable.value).hasMatch();
}

} // namespace

QString NcclTestPlan::collectiveKey(NcclCollective collective)
{
    return collective == NcclCollective::AllReduce ? QStringLiteral("all_reduce") : QStringLiteral("all_gather");
}

std::optional<NcclCollective> NcclTestPlan::collectiveFromKey(const QString &key)
{
    if (key == QLatin1String("all_gather"))
        return NcclCollective::AllGather;
    if (key == QLatin1String("all_reduce"))
        return NcclCollective::AllReduce;
    return std::nullopt;
}

QString NcclTestPlan::testName(NcclCollective collective)
{
    return collectiveKey(collective) + QStringLiteral("_perf");
}

std::optional<qint64> NcclTestPlan::parseBytes(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,15})([KMG]?)$"), QRegularExpression::CaseInsensitiveOption);
    const auto match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    qint64 value = match.captured(1).toLongLong();
    const QChar unit = match.captured(2).isEmpty() ? QChar() : match.captured(2).at(0).toUpper();
    const int shift = unit == u'K' ? 10 : unit == u'M' ? 20 : unit == u'G' ? 30 : 0;
    if (value > (largestBytes >> shift))
        return std::nullopt;
    return value << shift;
}

Expected<void> NcclTestPlan::validate(const NcclTestRequest &request)
{
    if (request.minBytes < smallestBytes || request.maxBytes > largestBytes)
        return Error(tr("Message sizes must be between 8 bytes and 64 GiB."));
    if (request.minBytes > request.maxBytes)
        return Error(tr("The smallest message size (%1) is larger than the largest (%2).")
                         .arg(NcclVerdict::formatBytes(request.minBytes), NcclVerdict::formatBytes(request.maxBytes)));
    if (request.stepFactor < 2 || request.stepFactor > 16)
        return Error(tr("The size step factor must be between 2 and 16."));
    if (request.iterations < 1 || request.iterations > 1000 || request.warmup < 0 || request.warmup > 1000)
        return Error(tr("Iterations must be between 1 and 1000, warm-up iterations between 0 and 1000."));
    return {};
}

QList<EnvironmentVariable> NcclTestPlan::runVariables(const QList<EnvironmentVariable> &exported, const NcclNodeReadiness &first)
{
    QList<EnvironmentVariable> variables = exported;
    variables.append({QStringLiteral("NCCL_DEBUG"), QStringLiteral("INFO"),
                      QStringLiteral("NCCL says which network it chose, so a fall-back to sockets is seen.")});
    variables.append({QStringLiteral("NCCL_DEBUG_SUBSYS"), QStringLiteral("INIT,NET"),
                      QStringLiteral("Only the start-up and network lines.")});
    variables.append({QStringLiteral("LD_LIBRARY_PATH"), first.ncclLibraryDir() + QStringLiteral(":/usr/local/cuda/lib64"),
                      QStringLiteral("The NCCL build of NVIDIA's playbook, then CUDA's libraries.")});
    return variables;
}

Expected<QStringList> NcclTestPlan::mpirunCommand(const NcclTestRequest &request, const QStringList &hosts,
                                                  const QList<EnvironmentVariable> &variables, const NcclNodeReadiness &first)
{
    if (auto valid = validate(request); !valid)
        return valid.error();
    if (hosts.size() < 2)
        return Error(tr("The NCCL test needs at least two Sparks."));
    QStringList hostSlots;
    for (const QString &host : hosts) {
        if (!isValidMpiHost(host))
            return Error(tr("mpirun cannot reach \"%1\": register the Spark under a host name or an IPv4 address.").arg(host));
        hostSlots << host + QStringLiteral(":1");
    }
    if (!first.home.startsWith(QLatin1Char('/')) || first.home.contains(QLatin1Char(' ')))
        return Error(tr("The NCCL test cannot run: %1's home directory is not usable.").arg(first.node));
    QStringList command{QStringLiteral("mpirun"), QStringLiteral("-np"), QString::number(hosts.size()), QStringLiteral("-H"),
                        hostSlots.join(QLatin1Char(',')), QStringLiteral("--mca"), QStringLiteral("plm_rsh_agent"),
                        QStringLiteral("ssh -o BatchMode=yes")};
    for (const EnvironmentVariable &variable : variables) {
        if (!isValidVariable(variable))
            return Error(tr("The NCCL test cannot run: the setting %1 is not valid.").arg(variable.name),
                         QStringLiteral("%1=%2").arg(variable.name, variable.value));
        command << QStringLiteral("-x") << variable.name + QLatin1Char('=') + variable.value;
    }
    command << first.testBinary(testName(request.collective)) << QStringLiteral("-b") << QString::number(request.minBytes)
            << QStringLiteral("-e") << QString::number(request.maxBytes) << QStringLiteral("-f")
            << QString::number(request.stepFactor) << QStringLiteral("-g") << QStringLiteral("1") << QStringLiteral("-n")
            << QString::number(request.iterations) << QStringLiteral("-w") << QString::number(request.warmup);
    return command;
}

} // namespace spark
