// SPDX-License-Identifier: MIT
#include "core/nccl/nccltestverdict.h"

#include "core/linktest/linkverdict.h"

#include <QLocale>

namespace spark {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("spark::NcclVerdict", text);
}

constexpr double pairOrSwitchBarGBps = 21.875; // 175 Gb/s
constexpr double ringBarGBps = 10.0;           // 80 Gb/s

NcclVerdict make(NcclVerdictReason reason, QString sentence)
{
    return NcclVerdict{reason == NcclVerdictReason::Pass, reason, std::move(sentence)};
}

QString layoutWords(ClusterLayout layout)
{
    switch (layout) {
    case ClusterLayout::Direct2:
        return QCoreApplication::translate("spark::NcclVerdict", "two Sparks on one cable");
    case ClusterLayout::Ring3:
        return QCoreApplication::translate("spark::NcclVerdict", "a ring of three");
    case ClusterLayout::Switch:
        return QCoreApplication::translate("spark::NcclVerdict", "Sparks on a switch");
    }
    return {};
}

bool versionsDiffer(const QStringList &versions)
{
    QString first;
    for (const QString &entry : versions) {
        const QString version = entry.section(QLatin1Char(' '), -1);
        if (first.isEmpty())
            first = version;
        else if (version != first)
            return true;
    }
    return false;
}

} // namespace

double NcclExpectation::barGBps() const
{
    return (layout == ClusterLayout::Ring3 ? ringBarGBps : pairOrSwitchBarGBps) * scale;
}

QString NcclVerdict::reasonKey(NcclVerdictReason reason)
{
    switch (reason) {
    case NcclVerdictReason::Pass:
        return QStringLiteral("pass");
    case NcclVerdictReason::RunFailed:
        return QStringLiteral("run-failed");
    case NcclVerdictReason::WrongResults:
        return QStringLiteral("wrong-results");
    case NcclVerdictReason::MismatchedNccl:
        return QStringLiteral("mismatched-nccl");
    case NcclVerdictReason::SocketFallback:
        return QStringLiteral("socket-fallback");
    case NcclVerdictReason::OneHcaPerPort:
        return QStringLiteral("one-hca-per-port");
    case NcclVerdictReason::GidNotRoceV2:
        return QStringLiteral("gid-not-roce-v2");
    case NcclVerdictReason::DegradedLink:
        return QStringLiteral("degraded-link");
    case NcclVerdictReason::BelowBar:
        return QStringLiteral("below-bar");
    }
    return {};
}

std::optional<NcclVerdictReason> NcclVerdict::reasonFromKey(const QString &key)
{
    for (auto reason : {NcclVerdictReason::Pass, NcclVerdictReason::RunFailed, NcclVerdictReason::WrongResults,
                        NcclVerdictReason::MismatchedNccl, NcclVerdictReason::SocketFallback, NcclVerdictReason::OneHcaPerPort,
                        NcclVerdictReason::GidNotRoceV2, NcclVerdictReason::DegradedLink, NcclVerdictReason::BelowBar}) {
        if (reasonKey(reason) == key)
            return reason;
    }
    return std::nullopt;
}

QString NcclVerdict::formatBandwidth(double gigabytesPerSecond)
{
    const QString bytes = gigabytesPerSecond >= 1 ? QString::number(gigabytesPerSecond, 'f', 1)
                                                  : QString::number(gigabytesPerSecond, 'f', 3);
    return tr("%1 GB/s (%2 Gb/s)").arg(bytes, LinkVerdict::formatGbps(gigabytesPerSecond * 8));
}

QString NcclVerdict::formatBytes(qint64 bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    double value = double(bytes);
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    // nccl-tests round a size down to whole elements per rank (128 MiB on three
    // ranks is 134217716 B): that is still "128 MiB", not "128.0 MiB".
    QString number = QString::number(value, 'f', 1);
    if (number.endsWith(QLatin1String(".0")))
        number.chop(2);
    return QStringLiteral("%1 %2").arg(number, QString::fromLatin1(units[unit]));
}

NcclVerdict NcclVerdict::judge(const NcclObservation &o, const NcclExpectation &expectation)
{
    if (!o.finished || o.rows == 0 || !o.busbwGBps) {
        const QString why = o.firstFailure.isEmpty() ? tr("it printed no result") : o.firstFailure;
        return make(NcclVerdictReason::RunFailed,
                    tr("The NCCL test did not finish (%1). Check that every Spark reaches the others over SSH and has the "
                       "same NCCL build, then run it again.")
                        .arg(why));
    }
    if (o.wrongResults)
        return make(NcclVerdictReason::WrongResults,
                    tr("NCCL delivered wrong data: the collective's results did not check out. Run the test again; if it "
                       "repeats, save a report for support."));
    if (versionsDiffer(o.ncclVersions))
        return make(NcclVerdictReason::MismatchedNccl,
                    tr("The Sparks have different NCCL builds (%1): build the same release on every Spark (NVIDIA's "
                       "playbook uses v2.28.9-1), then run the test again.")
                        .arg(o.ncclVersions.join(QStringLiteral(", "))));

    const double bar = expectation.barGBps();
    const double measured = *o.busbwGBps;
    const QString figures = tr("Bus bandwidth %1 at %2").arg(formatBandwidth(measured), formatBytes(o.largestBytes));
    if (measured >= bar)
        return make(NcclVerdictReason::Pass, tr("%1: at or above NVIDIA's bar of %2 for %3.")
                                                 .arg(figures, formatBandwidth(bar), layoutWords(expectation.layout)));
    const QString below = tr("%1, below NVIDIA's bar of %2 for %3")
                              .arg(figures, formatBandwidth(bar), layoutWords(expectation.layout));
    if (o.network.compare(QLatin1String("Socket"), Qt::CaseInsensitive) == 0)
        return make(NcclVerdictReason::SocketFallback,
                    tr("%1: NCCL fell back to TCP sockets instead of RoCE. Check that every CX-7 port has its address "
                       "(run \"sparkctl cluster verify\") and that NCCL_IB_HCA names the four RoCE devices.")
                        .arg(below));
    if (!o.idleTwins.isEmpty())
        return make(NcclVerdictReason::OneHcaPerPort,
                    tr("%1: about half of what the cables carry, because NCCL uses one of a port's two HCAs where a "
                       "twin has no address (%2). Apply the cluster's plan again so that both twins of every cabled "
                       "port are addressed.")
                        .arg(below, o.idleTwins.join(QStringLiteral(", "))));
    if (!o.gidProblem.isEmpty())
        return make(NcclVerdictReason::GidNotRoceV2,
                    tr("%1: the Sparks do not share a RoCE v2 GID index (%2), so NCCL may pick one that is not RoCE v2. "
                       "Apply the cluster's plan again, then run the test again.")
                        .arg(below, o.gidProblem));
    if (!o.cableChecks)
        return make(NcclVerdictReason::BelowBar,
                    tr("%1. Run the link test to find the slow cable, reseat it, and run the NCCL test again.").arg(below));
    QStringList degraded;
    QStringList failing;
    for (const NcclCableCheck &check : *o.cableChecks) {
        if (check.verdict.reason == LinkVerdictReason::Degraded)
            degraded << check.verdict.sentence;
        else if (!check.verdict.pass)
            failing << check.verdict.sentence;
    }
    if (!degraded.isEmpty())
        return make(NcclVerdictReason::DegradedLink, tr("%1. %2").arg(below, degraded.join(QLatin1Char(' '))));
    if (!failing.isEmpty())
        return make(NcclVerdictReason::BelowBar,
                    tr("%1. A short check of each cable found: %2").arg(below, failing.join(QLatin1Char(' '))));
    return make(NcclVerdictReason::BelowBar,
                tr("%1, while every cable passed a short check of its own. Run the NCCL test again at NVIDIA's 16 GiB "
                   "size; if it stays below the bar, save a report for support.")
                    .arg(below));
}

} // namespace spark
