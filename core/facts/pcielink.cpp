// SPDX-License-Identifier: MIT
#include "core/facts/pcielink.h"

#include <QRegularExpression>

namespace spark {

namespace {

// "32.0 GT/s PCIe" (kernel 5.x+), "32 GT/s" (older), "2.5 GT/s PCIe".
std::optional<double> linkSpeed(const QString &value)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d+(?:\\.\\d+)?) GT/s(?: PCIe)?$"));
    const QRegularExpressionMatch match = pattern.match(value);
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1).toDouble();
}

std::optional<int> linkWidth(const QString &value)
{
    bool ok = false;
    const int width = value.toInt(&ok);
    if (!ok || width <= 0 || width > 32)
        return std::nullopt;
    return width;
}

std::optional<qint64> count(const QString &value)
{
    bool ok = false;
    const qint64 number = value.toLongLong(&ok);
    if (!ok || number < 0)
        return std::nullopt;
    return number;
}

// aer_dev_* files: one "NAME COUNT" line per error kind, then "TOTAL_ERR_… COUNT".
// Only the total is used; a file without it is not recognised.
void applyAerLine(AerCounts &aer, const QString &file, const QString &value, QStringList &unrecognised)
{
    const QString total = value.section(QLatin1Char(' '), 0, 0);
    if (!total.startsWith(QLatin1String("TOTAL_ERR_")))
        return;
    const auto number = count(value.section(QLatin1Char(' '), 1).trimmed());
    if (!number) {
        unrecognised.append(file + QLatin1Char(':') + value);
        return;
    }
    if (file == QLatin1String("aer_dev_correctable") && total == QLatin1String("TOTAL_ERR_COR"))
        aer.correctable = number;
    else if (file == QLatin1String("aer_dev_nonfatal") && total == QLatin1String("TOTAL_ERR_NONFATAL"))
        aer.nonFatal = number;
    else if (file == QLatin1String("aer_dev_fatal") && total == QLatin1String("TOTAL_ERR_FATAL"))
        aer.fatal = number;
    else
        unrecognised.append(file + QLatin1Char(':') + value);
}

// A root port counts the errors its whole hierarchy reported; the larger of
// the two views is the one to believe.
void applyRootPortTotal(std::optional<qint64> &slot, const QString &file, const QString &value,
                        QStringList &unrecognised)
{
    const auto number = count(value);
    if (!number) {
        unrecognised.append(file + QLatin1Char(':') + value);
        return;
    }
    slot = std::max(slot.value_or(0), *number);
}

} // namespace

int pcieGeneration(double gts)
{
    if (gts >= 64)
        return 6;
    if (gts >= 32)
        return 5;
    if (gts >= 16)
        return 4;
    if (gts >= 8)
        return 3;
    if (gts >= 5)
        return 2;
    if (gts >= 2.5)
        return 1;
    return 0;
}

QString PcieFunctionFacts::currentLinkText() const
{
    if (!currentGts || !currentWidth)
        return {};
    const int generation = pcieGeneration(*currentGts);
    const QString speed = generation > 0 ? QStringLiteral("Gen%1").arg(generation)
                                         : QStringLiteral("%1 GT/s").arg(*currentGts);
    return QStringLiteral("%1 x%2").arg(speed).arg(*currentWidth);
}

std::optional<bool> PcieFunctionFacts::belowCx7Link() const
{
    if (!present || !currentGts || !currentWidth)
        return std::nullopt;
    return *currentGts < 32 || *currentWidth < 4;
}

std::optional<bool> PcieFunctionFacts::belowMaximum() const
{
    if (!currentGts || !currentWidth || !maxGts || !maxWidth)
        return std::nullopt;
    return *currentGts < *maxGts || *currentWidth < *maxWidth;
}

PcieFunctionFacts parsePcieSysfs(const QString &address, const QString &body, int exitCode)
{
    PcieFunctionFacts facts;
    facts.address = address;
    if (exitCode != 0 || body.trimmed() == QLatin1String("absent"))
        return facts;
    facts.present = true;
    const QStringList lines = body.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (QString line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            continue;
        const QString file = line.left(colon);
        const QString value = line.mid(colon + 1).trimmed();
        auto unknownUnless = [&](bool recognised) {
            if (!recognised)
                facts.unrecognised.append(file + QLatin1Char(':') + value);
        };
        if (file == QLatin1String("current_link_speed")) {
            facts.currentGts = linkSpeed(value);
            unknownUnless(facts.currentGts.has_value());
        } else if (file == QLatin1String("max_link_speed")) {
            facts.maxGts = linkSpeed(value);
            unknownUnless(facts.maxGts.has_value());
        } else if (file == QLatin1String("current_link_width")) {
            facts.currentWidth = linkWidth(value);
            unknownUnless(facts.currentWidth.has_value());
        } else if (file == QLatin1String("max_link_width")) {
            facts.maxWidth = linkWidth(value);
            unknownUnless(facts.maxWidth.has_value());
        } else if (file.startsWith(QLatin1String("aer_dev_"))) {
            applyAerLine(facts.aer, file, value, facts.unrecognised);
        } else if (file == QLatin1String("aer_rootport_total_err_cor")) {
            applyRootPortTotal(facts.aer.correctable, file, value, facts.unrecognised);
        } else if (file == QLatin1String("aer_rootport_total_err_fatal")) {
            applyRootPortTotal(facts.aer.fatal, file, value, facts.unrecognised);
        } else if (file == QLatin1String("aer_rootport_total_err_nonfatal")) {
            applyRootPortTotal(facts.aer.nonFatal, file, value, facts.unrecognised);
        }
    }
    return facts;
}

KernelLogFacts parseKernelLog(const QString &body, int exitCode)
{
    KernelLogFacts facts;
    const QStringList lines = body.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (exitCode == 127) {
        facts.unreadableReason = body.trimmed();
        return facts;
    }
    facts.read = true;
    int fatalReceived = 0, nonFatalReceived = 0, correctedReceived = 0;
    int fatalSeverity = 0, nonFatalSeverity = 0, correctedSeverity = 0;
    for (QString line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.contains(QLatin1String("insufficient permissions")) || line.startsWith(QLatin1String("No journal files"))) {
            facts.read = false;
            facts.unreadableReason = line.trimmed();
            continue;
        }
        // One AER event is logged twice: "… error message received from DEV" by the
        // root port and "PCIe Bus Error: severity=…" by the device. Count the
        // first kind; the second only where the first is missing.
        const bool received = line.contains(QLatin1String("error message received"))
            || line.contains(QLatin1String("error received"));
        const bool severity = line.contains(QLatin1String("severity="));
        int *slot = nullptr;
        if (line.contains(QLatin1String("(Fatal)")))
            slot = received ? &fatalReceived : severity ? &fatalSeverity : nullptr;
        else if (line.contains(QLatin1String("(Non-Fatal)")))
            slot = received ? &nonFatalReceived : severity ? &nonFatalSeverity : nullptr;
        else if (line.contains(QLatin1String("Corrected")))
            slot = received ? &correctedReceived : severity ? &correctedSeverity : nullptr;
        if (line.contains(QLatin1String("mlx5_pci_slot_reset"))) {
            ++facts.fatalErrors;
            facts.lines.append(line);
            continue;
        }
        if (slot) {
            ++*slot;
            facts.lines.append(line);
        }
    }
    facts.fatalErrors += fatalReceived > 0 ? fatalReceived : fatalSeverity;
    facts.nonFatalErrors = nonFatalReceived > 0 ? nonFatalReceived : nonFatalSeverity;
    facts.correctedErrors = correctedReceived > 0 ? correctedReceived : correctedSeverity;
    return facts;
}

} // namespace spark
